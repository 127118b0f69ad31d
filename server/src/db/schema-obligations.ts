import type { ColumnType, Generated } from 'kysely';

/** The declaration calendar's tables and the client's fiscal profile (migration 290; docs/PRODUCT.md, "Declarations"). */

export type VatRegime = 'none' | 'monthly' | 'quarterly';
export type EmployerRegime = 'no' | 'monthly' | 'quarterly';
/** micro: impozit pe veniturile microîntreprinderilor; profit: impozit pe profit; income: impozit pe venit (PFA, II). */
export type TaxRegime = 'micro' | 'profit' | 'income';
export type SaftRegime = 'none' | 'monthly' | 'quarterly';

/** What the firm knows of a client's taxes: which declarations it owes, how often (a type: answers' schemas want an index signature). */
export type FiscalProfile = {
  vat: VatRegime;
  employer: EmployerRegime;
  tax: TaxRegime;
  saft: SaftRegime;
};

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `date` column: PostgreSQL gives a Date (node-pg) or a string; written as YYYY-MM-DD. */
type DateColumn = ColumnType<Date | string, string, string>;

/** The column migration 290 adds to clients: null until the firm fills the profile in. */
export interface ClientFiscalColumns {
  fiscal_profile: ColumnType<FiscalProfile | null, string | null | undefined, string | null>;
}

export type ObligationFrequency = 'monthly' | 'quarterly' | 'yearly';
export type DueRule = 'day_of_next_month' | 'last_day_of_next_month' | 'date_of_next_year';

export interface ObligationRulesTable {
  id: Generated<number>;
  code: string;
  name: string;
  profile_key: keyof FiscalProfile;
  profile_value: string;
  frequency: ObligationFrequency;
  due_rule: DueRule;
  due_day: number | null;
  due_month: number | null;
  valid_from: DateColumn;
  valid_to: ColumnType<Date | string | null, string | null | undefined, string | null>;
  note: string | null;
  created_at: Generated<Date>;
}

export interface ObligationFilingsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  code: string;
  period: string;
  media_id: number | null;
  filed_by: number | null;
  filed_at: Generated<Date>;
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}
