import type { AppContext } from '../../infra/context.js';
import type { JobDefinition } from '../../infra/job-definition.js';
import { claimExpiredTrash, markPurged } from './edit-repository.js';

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

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config' | 'clock'>;

const BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Purges every document expired by `ctx.clock` (batch after batch); answers how many were purged. */
export async function purgeExpiredTrash(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.trashRetentionDays * DAY_MS);
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

/** Hourly, at minute 17 (away from the top of the hour, when other jobs start). */
export const trashPurgeJob: JobDefinition = {
  name: 'trash-purge',
  cron: '17 * * * *',
  run: async (ctx) => {
    await purgeExpiredTrash(ctx);
  },
};
