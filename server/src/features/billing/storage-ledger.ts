import type { Db } from '../../infra/db.js';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic.js';
import { foldStorageLedger, vacuumStorageLedger } from './usage-repository.js';

/**
 * The storage ledger's folding job: every document written adds a row to storage_ledger (the media
 * triggers), and a tenant's usage sums its rows; every FOLD_EVERY_MS each instance folds them back into
 * one row per (company, holding), so the sum stays a few rows, and vacuums what the folding deleted.
 * Safe on several instances at once (foldStorageLedger is one statement that sums only the rows it
 * deleted).
 */

/** How often every instance folds the ledger. */
export const FOLD_EVERY_MS = 60_000;

export function startStorageLedgerFolding(
  db: Db,
  log: { error(obj: unknown, msg: string): void },
  everyMs = FOLD_EVERY_MS,
): PeriodicJob {
  return startPeriodic(
    async () => {
      if ((await foldStorageLedger(db)) > 0) await vacuumStorageLedger(db);
    },
    (error) => log.error({ err: error }, 'storage ledger folding failed'),
    everyMs,
  );
}
