import type { ColumnType, Generated } from 'kysely';

/** The tables of e-mail ownership and CUI claims (migration 071), part of Database in schema.ts. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Single-use e-mail links (migration 071); only the SHA-256 of the token is stored. */
export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'change' | 'undo';
  token_hash: string;
  /** verify: the address to prove; change: the new one; undo: the one to restore (old_email: the other). */
  email: string;
  old_email: string | null;
  requested_token_id: number | null; // change: the asking session (stays signed in)
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** A company born with a CUI another live company holds: the platform admin decides (migration 071). */
export interface CuiClaimsTable {
  id: Generated<number>;
  cui: string;
  company_id: number;
  holder_company_id: number | null;
  status: Generated<'pending' | 'granted' | 'refused'>;
  created_at: Generated<Date>;
  decided_at: NullableTimestamp;
  decided_by: number | null;
}

/** A client's upload link without an account (migration 240); only the SHA-256 of the token is stored. */
export interface UploadLinksTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}
