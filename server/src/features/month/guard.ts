import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { Executor } from '../../infra/db.js';
import { closedPeriods, findItem, matchRequirement } from './checklist-repository.js';
import { lockClientRow } from './repository.js';

/**
 * What the documents feature asks the month before a write (docs/api/month.md): whether a month is closed
 * (409 period_closed) and which requirement a document answers.
 */

/**
 * 409 when one of `periods` (nulls ignored) is a closed month of the client. Call it in the write's
 * transaction after locking the client's row (a close locks it for update), so a close and the write
 * never cross.
 */
export async function assertPeriodsOpen(db: Executor, clientId: number, periods: (string | null)[]): Promise<void> {
  const wanted = [...new Set(periods.filter((p): p is string => p !== null).map((p) => p.trim()))];
  const [closed] = await closedPeriods(db, clientId, wanted);
  if (closed) throw errors.periodClosed(closed);
}

/** The requirement a document of `categoryId` in `period` answers: the first owed one by position, or null. */
export const requirementFor = (
  db: Executor,
  client: { companyId: number; clientId: number },
  categoryId: number | null,
  period: string | null,
): Promise<number | null> => matchRequirement(db, client, categoryId, period?.trim() ?? null);

/** An upload's `item_id`: the item of this client (its requirement, category and month), else 422 item_id. */
export async function itemForUpload(
  db: Executor,
  client: { companyId: number; clientId: number },
  itemId: number,
): Promise<{ requirementId: number; categoryId: number | null; period: string }> {
  const item = await findItem(db, client, itemId);
  if (!item) throw errors.field('item_id', fieldMessages.shared.itemMissing);
  return { requirementId: item.requirement_id, categoryId: item.category_id, period: item.period };
}

/**
 * In the caller's transaction, for a write of the client's documents: locks the client's row and refuses
 * when one of `periods` is closed. The row is taken for update (no key), not shared: every such write
 * also updates the row (the media trigger keeps its document count), and two writers that both held it
 * shared and then both updated it deadlocked (an upload and a delete of one client's documents at once).
 */
export async function lockOpenPeriods(db: Executor, clientId: number, periods: (string | null)[]): Promise<void> {
  await lockClientRow(db, clientId, 'update');
  await assertPeriodsOpen(db, clientId, periods);
}

/**
 * An upload's month, in the caller's transaction: locks the client's row as lockOpenPeriods does, refuses
 * a closed month, and answers the requirement its documents answer (`requirementId`, an item's, or the
 * first owed one of `categoryId`, as requirementFor). Both are read after the lock, never in the locking
 * statement, whose snapshot predates its wait.
 */
export async function lockOpenMonth(
  db: Executor,
  client: { companyId: number; clientId: number },
  upload: { period: string | null; categoryId: number | null; requirementId?: number | null },
): Promise<number | null> {
  await lockClientRow(db, client.clientId, 'update');
  const period = upload.period?.trim() ?? null;
  if (period === null) return upload.requirementId ?? null;
  await assertPeriodsOpen(db, client.clientId, [period]);
  return upload.requirementId ?? (await matchRequirement(db, client, upload.categoryId, period));
}
