import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { KnownDevicesTable, LoginChallengesTable, RecoveryCodesTable } from './schema-two-factor.js';
import type { CuiClaimsTable, EmailTokensTable, UploadLinksTable } from './schema-ownership.js';
import type * as Month from './schema-month.js';
import type * as Reminders from './schema-reminders.js';
import type * as Obligations from './schema-obligations.js';
import type * as Notifications from './schema-notifications.js';
import type { ClientCountsTable, StorageLedgerTable } from './schema-counters.js';
import type * as Anaf from './schema-anaf.js';
import type { InvoicesTable } from './schema-invoices.js';
import type { PaymentsTable, PlansTable, SubscriptionsTable } from './schema-billing.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back as strings from pg; we read sizes through Number(). */
type BigIntColumn = ColumnType<string | number, number | string | bigint, number | string | bigint>;

export type Role = 1 | 2 | 3 | 4 | 5;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  company_id: number | null;
  holding_id: number | null;
  last_seen_at: NullableTimestamp;
  previous_seen_at: NullableTimestamp;
  /** TOTP secret (base32) once two-factor sign-in is enabled (migration 070). */
  totp_secret: string | null;
  /** A secret being set up, until a code from it confirms it. */
  totp_pending_secret: string | null;
  totp_enabled_at: NullableTimestamp;
  /** The last TOTP time step accepted: that step and earlier ones are refused (no replay). */
  totp_last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** When the address was proven by a link it received (migration 071); null = unverified. */
  email_verified_at: NullableTimestamp;
  /** A holding person a firm invited (migration 210): they see only that firm's clients; null = the holding's own. */
  invited_by_company_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  cui: string | null;
  reg_no: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  status: Generated<'active' | 'suspended'>;
  require_two_factor: Generated<boolean>;
  /** Day of the next month by which a month's documents are due (migration 090). */
  due_day: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface HoldingsTable {
  id: Generated<number>;
  name: string;
  cui: string | null;
  email: string | null;
  require_two_factor: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface CompanyHoldingTable {
  company_id: number;
  holding_id: number;
  created_at: Generated<Date>;
}

export interface ClientsTable
  extends Month.ClientProfileColumns, Obligations.ClientFiscalColumns, Reminders.ClientReminderColumns {
  id: Generated<number>;
  company_id: number;
  holding_id: number | null;
  name: string;
  /** dosar_fold(name), kept by PostgreSQL (a generated column); clients_name_trgm indexes it (migration 120). */
  name_folded: GeneratedAlways<string>;
  cui: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  /** Live documents; kept by the media_client_stats trigger (migration 020). */
  documents_count: Generated<number>;
  /** Newest live document's created_at; kept by the same trigger. */
  last_upload_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  company_id: number;
  holding_id: number | null;
  name: string;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface MediaTable extends Month.MediaMonthColumns {
  id: Generated<number>;
  /** Owning company (tenant); set for client documents and utility files. */
  company_id: number;
  /** Null for utility files. */
  client_id: number | null;
  category_id: number | null;
  /** YYYY-MM */
  period: string | null;
  original_name: string;
  mime: string;
  size: BigIntColumn;
  sha256: string;
  storage_key: string;
  uploaded_by: number | null;
  created_at: Generated<Date>;
  deleted_at: NullableTimestamp;
  /** Who moved it to the trash (migration 080); null for older deletions. */
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the retention job removed the file (the row stays as a tombstone, never listed or restored). */
  purged_at: NullableTimestamp;
}

export interface UtilityFilesTable {
  id: Generated<number>;
  company_id: number;
  media_id: number;
  title: string;
  description: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Generated<Date>;
  last_used_at: NullableTimestamp;
  /** The browser and address the session was opened from (migration 070). */
  user_agent: string | null;
  ip: string | null;
  /** Opened or confirmed with a second factor (migration 190). */
  second_factor: Generated<boolean>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  subject: string | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface CompanyRequestsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the hash carried by the e-mailed link; the hash itself is never stored. */
  hash_sha256: string;
  holding_id: number;
  name: string;
  cui: string;
  email: string;
  status: Generated<'pending' | 'confirmed' | 'rejected'>;
  expires_at: Timestamp;
  created_by: number | null;
  /** The company linked when the request was confirmed. */
  company_id: number | null;
  created_at: Generated<Date>;
  decided_at: NullableTimestamp;
}

export interface CampaignsTable {
  id: Generated<number>;
  subject: string;
  html: string;
  text: string;
  audience: 'company_owners' | 'holding_admins' | 'tenants';
  tenants: ColumnType<{ company_ids: number[]; holding_ids: number[] }, string | undefined, string>;
  recipients_count: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<'queued' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  campaign_id: number | null;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  /** A message later acts fold into while it waits (migration 200), and what it lists. */
  merge_key: ColumnType<string | null, string | null | undefined, string | null>;
  merge_items: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface Database extends Anaf.AnafTables {
  email_tokens: EmailTokensTable;
  cui_claims: CuiClaimsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  campaigns: CampaignsTable;
  mail_outbox: MailOutboxTable;
  users: UsersTable;
  companies: CompaniesTable;
  holdings: HoldingsTable;
  company_holding: CompanyHoldingTable;
  clients: ClientsTable;
  client_counts: ClientCountsTable;
  categories: CategoriesTable;
  media: MediaTable;
  storage_ledger: StorageLedgerTable;
  utility_files: UtilityFilesTable;
  access_tokens: AccessTokensTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  known_devices: KnownDevicesTable;
  password_resets: PasswordResetsTable;
  audit_events: AuditEventsTable;
  company_requests: CompanyRequestsTable;
  requirement_defaults: Month.RequirementDefaultsTable;
  requirements: Month.RequirementsTable;
  checklist_items: Month.ChecklistItemsTable;
  client_periods: Month.ClientPeriodsTable;
  reminder_settings: Reminders.ReminderSettingsTable;
  reminder_claims: Reminders.ReminderClaimsTable;
  activity_events: Month.ActivityEventsTable;
  obligation_rules: Obligations.ObligationRulesTable;
  obligation_filings: Obligations.ObligationFilingsTable;
  upload_links: UploadLinksTable;
  notification_settings: Notifications.NotificationSettingsTable;
  firm_digests: Notifications.FirmDigestsTable;
  firm_notices: Notifications.FirmNoticesTable;
  firm_overdue_checks: Notifications.FirmOverdueChecksTable;
  invoices: InvoicesTable;
}

export type UserRow = Selectable<UsersTable>;
