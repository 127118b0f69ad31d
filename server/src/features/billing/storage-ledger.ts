import type { JobDefinition } from '../../infra/job-definition.js';
import { foldStorageLedger, vacuumStorageLedger } from './usage-repository.js';

/**
 * The storage ledger's folding job: every document written adds a row to storage_ledger (the media
 * triggers), and a tenant's usage sums its rows; every minute the queue folds them back into one row per
 * (company, holding), so the sum stays a few rows, and vacuums what the folding deleted. Safe if two runs
 * ever overlap (foldStorageLedger is one statement that sums only the rows it deleted). It needs no
 * "now": the ledger's rows carry no time.
 */
export const storageLedgerJob: JobDefinition = {
  name: 'storage-ledger-fold',
  cron: '* * * * *',
  run: async (ctx) => {
    if ((await foldStorageLedger(ctx.db)) > 0) await vacuumStorageLedger(ctx.db);
  },
};
