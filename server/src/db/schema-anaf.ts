import type { ColumnType, Generated } from 'kysely';

/** The tables of migration 280 (ANAF: registry lookups, client states, SPV sync). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `date` column: written and read as YYYY-MM-DD text (the queries cast it). */
type Day = ColumnType<string, string, string>;
type Json<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** What Dosar keeps of one company in the VAT-payer registry (infra/anaf/types.ts, CompanyRecord). */
export interface AnafLookupsTable {
  cui: string;
  day: Day;
  found: boolean;
  answer: Json<Record<string, unknown>>;
  fetched_at: Generated<Date>;
}

export interface AnafClientStatesTable {
  client_id: number;
  company_id: number;
  cui: string;
  found: boolean;
  vat_payer: boolean | null;
  e_factura: boolean | null;
  inactive: boolean | null;
  checked_at: Timestamp;
  /** What changed at the last change (`inactive`, `vat_payer`, `e_factura`, `found`). */
  changes: Json<string[]>;
  changed_at: NullableTimestamp;
  /** When the firm marked the last change seen; the flag shows while changed_at is later. */
  seen_at: NullableTimestamp;
}

export interface SpvAuthorizationsTable {
  company_id: number;
  /** Encrypted (infra/anaf/token-box.ts); never leaves the server. */
  access_token: string;
  refresh_token: string;
  expires_at: Timestamp;
  authorized_by: number | null;
  authorized_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SpvOauthStatesTable {
  state_hash: string;
  company_id: number;
  user_id: number;
  expires_at: Timestamp;
}

export interface SpvClientsTable {
  client_id: number;
  company_id: number;
  enabled: Generated<boolean>;
  last_sync_at: NullableTimestamp;
  last_status: 'ok' | 'error' | null;
  last_message: string | null;
  updated_at: Generated<Date>;
}

export interface SpvMessagesTable {
  client_id: number;
  message_id: string;
  company_id: number;
  cif: string;
  kind: string | null;
  details: string | null;
  created_text: string | null;
  storage_key: string | null;
  downloaded_at: NullableTimestamp;
  imported_at: NullableTimestamp;
  error: string | null;
}

export interface AnafCallCountsTable {
  cui: string;
  day: Day;
  /** `list`, or `download:<message id>`. */
  kind: string;
  calls: Generated<number>;
}

/** The tables of migration 280, part of Database in schema.ts. */
export interface AnafTables {
  anaf_lookups: AnafLookupsTable;
  anaf_client_states: AnafClientStatesTable;
  spv_authorizations: SpvAuthorizationsTable;
  spv_oauth_states: SpvOauthStatesTable;
  spv_clients: SpvClientsTable;
  spv_messages: SpvMessagesTable;
  anaf_call_counts: AnafCallCountsTable;
}
