import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { tenantColumn, type Tenant } from './tenant.js';

/** What a tenant uses against its plan's limits: live clients, users, stored bytes. */

export type Usage = {
  clients: number;
  users: number;
  storage_bytes: number;
};

/**
 * The tenant's live clients, summed from client_counts (kept by the clients triggers: a few rows per
 * company, whatever its size) instead of counted over its clients on every client added.
 */
export async function countClients(db: Db, tenant: Tenant): Promise<number> {
  const row = await db
    .selectFrom('client_counts')
    .select(sql<string>`coalesce(sum(live), 0)`.as('n'))
    .where(tenantColumn(tenant), '=', tenant.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUsers(db: Db, tenant: Tenant): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Bytes of the tenant's live files: a company's own media; a holding's, those of its clients. Summed from
 * storage_ledger (kept by the media and clients triggers, folded by storage-ledger.ts): a few rows per
 * tenant, whatever the number of its documents. As a subquery, for a statement that reads more
 * (findSubscription with `storage`).
 */
export const storageUsedOf = (tenant: Tenant) =>
  sql<string>`(select coalesce(sum(l.bytes), 0) from storage_ledger l where ${sql.ref(`l.${tenantColumn(tenant)}`)} = ${tenant.id})`;

/** The tenant's stored bytes (storageUsedOf). */
export async function storageUsed(db: Db, tenant: Tenant): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`select ${storageUsedOf(tenant)} as bytes`.execute(db);
  return Number(rows[0].bytes);
}

/**
 * Folds storage_ledger's rows into one per (company, holding) where there are several. One statement:
 * the rows it deletes are the rows it sums, so a second instance folding at the same time sums only what
 * it deleted itself (a row already gone is skipped), and a reader sees the rows before or after, never
 * half. Answers how many rows it folded.
 */
export async function foldStorageLedger(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with several as (
      select company_id, holding_id from storage_ledger group by 1, 2 having count(*) > 1),
    moved as (
      delete from storage_ledger l using several s
      where l.company_id = s.company_id and l.holding_id is not distinct from s.holding_id
      returning l.company_id, l.holding_id, l.bytes),
    folded as (
      insert into storage_ledger (company_id, holding_id, bytes)
      select company_id, holding_id, sum(bytes) from moved group by 1, 2
      returning 1)
    select (select count(*) from moved)::int as n`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Clears the rows folding deleted (PGlite has no autovacuum; neither has a PostgreSQL run without it). */
export async function vacuumStorageLedger(db: Db): Promise<void> {
  await sql`vacuum storage_ledger`.execute(db);
}

export async function usageOf(db: Db, tenant: Tenant): Promise<Usage> {
  return {
    clients: await countClients(db, tenant),
    users: await countUsers(db, tenant),
    storage_bytes: await storageUsed(db, tenant),
  };
}
