import type { ColumnType, Generated } from 'kysely';

/** What the firm hears back (migration 250), part of Database in schema.ts. See docs/PRODUCT.md, "Ce află firma". */

type DateColumn = ColumnType<string, string, string>;

/** A firm user's digest choice and how far their notifications were read. */
export interface NotificationSettingsTable {
  user_id: number;
  daily_digest: Generated<boolean>;
  digest_hour: Generated<number>;
  seen_event_id: Generated<number>;
  seen_notice_id: Generated<number>;
  updated_at: Generated<Date>;
}

/** One user's digest of one Romanian day, claimed before it is queued. */
export interface FirmDigestsTable {
  user_id: number;
  day: DateColumn;
  event_mark: number;
  sent: boolean;
  created_at: Generated<Date>;
}

/** What no act records: a client past its due date with items still open. */
export interface FirmNoticesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  period: string;
  kind: 'overdue';
  due_date: DateColumn;
  open_items: number;
  created_at: Generated<Date>;
}

export interface FirmOverdueChecksTable {
  company_id: number;
  day: DateColumn;
}
