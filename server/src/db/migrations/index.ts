import type { Migration } from 'kysely/migration';
import * as core from './2026-11-22-001-core.js';
import * as companyRequests from './2026-11-22-030-company-requests.js';
import * as billing from './2026-11-22-040-billing.js';
import * as mailOutboxCampaigns from './2026-11-22-041-mail-outbox-campaigns.js';

/**
 * Every migration, in order. Listed statically so the same list runs from
 * ts (tests, tsx) and from the compiled dist/ build. New files append here.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-core': core,
  '2026-11-22-030-company-requests': companyRequests,
  '2026-11-22-040-billing': billing,
  '2026-11-22-041-mail-outbox-campaigns': mailOutboxCampaigns,
};
