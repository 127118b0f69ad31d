import type { ColumnType, Generated } from 'kysely';

/** The tables of two-factor sign-in and known devices (migration 070), part of Database in schema.ts. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** The step between a correct password and the second factor. */
export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_hash: string;
  label: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}
