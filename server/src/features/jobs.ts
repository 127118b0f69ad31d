import type { JobDefinition } from '../infra/job-definition.js';
import { storageLedgerJob } from './billing/index.js';
import { trashPurgeJob } from './documents/index.js';
import { firmDigestJob } from './notifications/index.js';
import { remindersJob } from './reminders/index.js';
import { anafPortfolioCheck, spvSyncJob } from './anaf/index.js';

/**
 * Every piece of periodic work of the server, run by the job queue (infra/jobs.ts; docs/ARCHITECTURE.md,
 * "Background jobs"). The list sits outside the features, like features/index.ts: each feature exports
 * its JobDefinition from its index.ts and is added here. The mail outbox is the queue's own (infra).
 */
export const jobs: JobDefinition[] = [
  trashPurgeJob,
  storageLedgerJob,
  firmDigestJob,
  remindersJob,
  anafPortfolioCheck,
  spvSyncJob,
];
