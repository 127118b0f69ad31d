import type { AppContext } from '../../infra/context.js';
import { claimExpiredTrash, markPurged } from './edit-repository.js';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic.js';

/**
 * The trash's retention job: client documents deleted more than TRASH_RETENTION_DAYS ago lose their
 * stored file; the row stays as a tombstone (purged_at), never listed and never restorable.
 *
 * Safe on N server instances sharing the database: each batch is claimed `for update skip locked`
 * inside one transaction, the files are removed, the rows marked and the transaction committed — a
 * second instance skips the rows the first holds and, once committed, no longer sees them. A crash
 * between removing a file and the commit leaves the row unmarked: the next run removes (nothing) again
 * and marks it. A restore waits for the row lock and then finds the tombstone (410).
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;

const BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often every instance looks for expired documents. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Purges every expired document (batch after batch); answers how many were purged. Tests call it directly. */
export async function purgeExpiredTrash(ctx: Ctx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.trashRetentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const count = await ctx.db.transaction().execute(async (trx) => {
      const rows = await claimExpiredTrash(trx, cutoff, BATCH);
      for (const row of rows) await ctx.storage.delete(row.storage_key);
      await markPurged(
        trx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    purged += count;
    if (count < BATCH) return purged;
  }
}

/** Runs the purge soon after start, then every `everyMs`; stop() waits for the run in flight. */
export function startTrashPurge(
  ctx: Ctx,
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void },
  everyMs = PURGE_EVERY_MS,
): PeriodicJob {
  return startPeriodic(
    async () => {
      const n = await purgeExpiredTrash(ctx);
      if (n > 0) log.info({ purged: n }, 'trash purge removed expired documents');
    },
    (error) => log.error({ err: error }, 'trash purge failed'),
    everyMs,
    Math.min(everyMs, 30_000),
  );
}
