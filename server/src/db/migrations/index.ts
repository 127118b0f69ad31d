import type { Migration } from 'kysely';
import * as core from './2026-11-22-001-core.js';
import * as authIndexes from './2026-11-22-010-auth-indexes.js';
import * as companyClientStats from './2026-11-22-020-company-client-stats.js';
import * as companyRequests from './2026-11-22-030-company-requests.js';
import * as billing from './2026-11-22-040-billing.js';
import * as mailOutboxCampaigns from './2026-11-22-041-mail-outbox-campaigns.js';
import * as searchIndexes from './2026-11-22-050-search-indexes.js';
import * as readCacheNotify from './2026-11-22-060-read-cache-notify.js';
import * as trigramFastupdateOff from './2026-11-22-061-trigram-fastupdate-off.js';
import * as twoFactorSessions from './2026-11-25-070-two-factor-sessions.js';
import * as emailVerificationCuiClaims from './2026-11-25-071-email-verification-cui-claims.js';
import * as documentTrash from './2026-11-25-080-document-trash.js';
import * as month from './2026-11-26-090-month.js';
import * as monthReadCache from './2026-11-26-091-month-read-cache.js';
import * as cacheNoticesPerTenant from './2026-11-26-100-cache-notices-per-tenant.js';
import * as clientPageIndex from './2026-11-26-110-client-page-index.js';
import * as clientFoldedName from './2026-11-26-120-client-folded-name.js';
import * as storageLedger from './2026-11-26-130-storage-ledger.js';
import * as clientStatsPerStatement from './2026-11-26-140-client-stats-per-statement.js';
import * as mediaCompanyMonth from './2026-11-26-150-media-company-month.js';
import * as keptMonths from './2026-11-27-160-kept-months.js';
import * as mediaCompanyMonthStatus from './2026-11-27-170-media-company-month-status.js';
import * as dropReadCaches from './2026-11-28-180-drop-read-caches.js';
import * as sessionSecondFactor from './2026-11-29-190-session-second-factor.js';
import * as mailBudgets from './2026-11-29-200-mail-budgets.js';
import * as portalPeopleOfAFirm from './2026-11-29-210-portal-people-of-a-firm.js';
import * as reminders from './2026-11-30-230-reminders.js';
import * as anaf from './2026-11-30-280-anaf.js';
import * as uploadLinks from './2026-11-30-240-upload-links.js';
import * as invoices from './2026-11-30-260-invoices.js';
import * as documentSearch from './2026-11-30-270-document-search.js';
import * as firmNotifications from './2026-11-30-250-firm-notifications.js';
import * as declarations from './2026-11-30-290-declarations.js';
import * as clientAndFirmKeys from './2026-11-30-300-client-and-firm-keys.js';

/**
 * Every migration, in order. Listed statically so the same list runs from
 * ts (tests, tsx) and from the compiled dist/ build. New files append here.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-core': core,
  '2026-11-22-010-auth-indexes': authIndexes,
  '2026-11-22-020-company-client-stats': companyClientStats,
  '2026-11-22-030-company-requests': companyRequests,
  '2026-11-22-040-billing': billing,
  '2026-11-22-041-mail-outbox-campaigns': mailOutboxCampaigns,
  '2026-11-22-050-search-indexes': searchIndexes,
  '2026-11-22-060-read-cache-notify': readCacheNotify,
  '2026-11-22-061-trigram-fastupdate-off': trigramFastupdateOff,
  '2026-11-25-070-two-factor-sessions': twoFactorSessions,
  '2026-11-25-071-email-verification-cui-claims': emailVerificationCuiClaims,
  '2026-11-25-080-document-trash': documentTrash,
  '2026-11-26-090-month': month,
  '2026-11-26-091-month-read-cache': monthReadCache,
  '2026-11-26-100-cache-notices-per-tenant': cacheNoticesPerTenant,
  '2026-11-26-110-client-page-index': clientPageIndex,
  '2026-11-26-120-client-folded-name': clientFoldedName,
  '2026-11-26-130-storage-ledger': storageLedger,
  '2026-11-26-140-client-stats-per-statement': clientStatsPerStatement,
  '2026-11-26-150-media-company-month': mediaCompanyMonth,
  '2026-11-27-160-kept-months': keptMonths,
  '2026-11-27-170-media-company-month-status': mediaCompanyMonthStatus,
  '2026-11-28-180-drop-read-caches': dropReadCaches,
  '2026-11-29-190-session-second-factor': sessionSecondFactor,
  '2026-11-29-200-mail-budgets': mailBudgets,
  '2026-11-29-210-portal-people-of-a-firm': portalPeopleOfAFirm,
  '2026-11-30-230-reminders': reminders,
  '2026-11-30-240-upload-links': uploadLinks,
  '2026-11-30-260-invoices': invoices,
  '2026-11-30-270-document-search': documentSearch,
  '2026-11-30-250-firm-notifications': firmNotifications,
  '2026-11-30-280-anaf': anaf,
  '2026-11-30-290-declarations': declarations,
  '2026-11-30-300-client-and-firm-keys': clientAndFirmKeys,
};
