import type { ColumnType, Generated } from 'kysely';

/** The tables and columns of reminders (migration 230), part of Database in schema.ts. See docs/PRODUCT.md, "Reminders". */

/** A firm's reminder choice; no row means the defaults (off, steps -3, 0, 3, 7, 9 o'clock). */
export interface ReminderSettingsTable {
  company_id: number;
  enabled: Generated<boolean>;
  /** Days around the due date (negative: before), sorted. */
  steps: ColumnType<number[], number[] | undefined, number[]>;
  /** Romanian local hour from which a step day's digests go out. */
  hour: Generated<number>;
  updated_at: Generated<Date>;
}

/** A client's month and step already reminded: claimed once, whichever instance ran the job. */
export interface ReminderClaimsTable {
  client_id: number;
  period: string;
  step: number;
  company_id: number;
  /** The Romanian day it went out (YYYY-MM-DD). */
  sent_on: ColumnType<string, string, string>;
  created_at: Generated<Date>;
}

/** What migration 230 adds to clients. */
export interface ClientReminderColumns {
  reminders_paused: Generated<boolean>;
}
