import type { ColumnType, Generated } from 'kysely';

/** The tables the triggers keep so that a tenant's totals are a few rows, part of Database in schema.ts. */

/** Live clients per company and holding (0 = none); kept by triggers on clients (migration 050). */
export interface ClientCountsTable {
  company_id: number;
  holding_id: number;
  live: number;
}

/**
 * Bytes of live documents by company and the client's holding (null: none): rows added by the media and
 * clients triggers, folded into one per pair by billing/storage-ledger.ts (migration 130).
 */
export interface StorageLedgerTable {
  id: Generated<number>;
  company_id: number;
  holding_id: number | null;
  /** bigint: a string from pg, read through Number(). */
  bytes: ColumnType<string | number, number | string | bigint, number | string | bigint>;
}
