import type { ColumnType, Generated } from 'kysely';

/** The tables of the month (migration 090), part of Database in schema.ts. See docs/PRODUCT.md, "The month". */

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type Frequency = 'monthly' | 'quarterly' | 'yearly';
/** Which answer of a client's profile brings a default item in. */
export type Applies = 'always' | 'bank_account' | 'employees' | 'cash_register';
export type RequirementSource = 'custom' | Applies;
export type ReviewStatus = 'pending' | 'accepted' | 'rejected';

/** A firm's default set, applied to new clients. */
export interface RequirementDefaultsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  category_id: number | null;
  frequency: Frequency;
  details: string | null;
  applies: Generated<Applies>;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

/** What one client owes: months from starts_period on (and before ends_period once deleted). */
export interface RequirementsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  name: string;
  category_id: number | null;
  frequency: Frequency;
  details: string | null;
  source: Generated<RequirementSource>;
  default_id: number | null;
  position: Generated<number>;
  /** YYYY-MM */
  starts_period: string;
  /** YYYY-MM, exclusive; set when the requirement is deleted. */
  ends_period: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

/** A requirement × month, once its checklist was read; the firm's "not applicable" mark. */
export interface ChecklistItemsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  requirement_id: number;
  period: string;
  not_applicable_at: NullableTimestamp;
  not_applicable_by: number | null;
  not_applicable_note: string | null;
  created_at: Generated<Date>;
}

/** A client's month acted on as a whole: "Am terminat", the firm's close and reopen. */
export interface ClientPeriodsTable {
  company_id: number;
  client_id: number;
  period: string;
  done_at: NullableTimestamp;
  done_by: number | null;
  closed_at: NullableTimestamp;
  closed_by: number | null;
  reopened_at: NullableTimestamp;
  reopened_by: number | null;
  /** When the firm was e-mailed of "Am terminat" (migration 200): once per client and month. */
  done_mailed_at: NullableTimestamp;
}

/** Who did what to a client's documents or months, when, from where. */
export interface ActivityEventsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  period: string | null;
  media_id: number | null;
  action: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_role: number | null;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** The columns migration 090 adds to media. */
export interface MediaMonthColumns {
  /** The requirement (with media.period: the checklist item) this document answers. */
  requirement_id: ColumnType<number | null, number | null | undefined, number | null>;
  review_status: Generated<ReviewStatus>;
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: NullableTimestamp;
}

/** The client's profile and due-day override (migration 090). */
export interface ClientProfileColumns {
  due_day: ColumnType<number | null, number | null | undefined, number | null>;
  bank_accounts: ColumnType<string[], string[] | undefined, string[]>;
  has_employees: Generated<boolean>;
  has_cash_register: Generated<boolean>;
}
