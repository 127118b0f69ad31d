import { type Kysely, sql } from 'kysely';
import { up as readCacheNotify } from './2026-11-22-060-read-cache-notify.js';
import { up as monthReadCache } from './2026-11-26-091-month-read-cache.js';
import { up as cacheNoticesPerTenant } from './2026-11-26-100-cache-notices-per-tenant.js';
import { up as keptMonths } from './2026-11-27-160-kept-months.js';

/**
 * Every read goes to the database: the server keeps no answers in memory and the month's grid no worked-out
 * months. Dropped here, whoever writes:
 * - the change notices of the read cache (migrations 060, 070, 091, 100): one `_cache` trigger per table
 *   and the `dosar_cache_*` functions;
 * - the kept months (migration 160): `kept_months`, `month_stamps`, the stamp triggers on requirements,
 *   checklist_items and media and their functions.
 * Kept, since each keeps a figure a user sees or a limit checks: `client_counts` (list totals, the plan's
 * client limit), a client's document count and last upload (`media_client_stats*`) and the storage a
 * tenant uses (`storage_ledger`).
 */
const NOTICE_TRIGGERS = [
  'access_tokens',
  'categories',
  'checklist_items',
  'client_periods',
  'clients',
  'companies',
  'company_holding',
  'holdings',
  'media',
  'requirement_defaults',
  'requirements',
  'users',
];
const NOTICE_FUNCTIONS = [
  'dosar_cache_all()',
  'dosar_cache_company()',
  'dosar_cache_company_row()',
  'dosar_cache_holding_row()',
  'dosar_cache_people()',
  'dosar_cache_sessions()',
  'dosar_cache_tenant(integer, integer)',
];
const STAMPED_TABLES = ['requirements', 'checklist_items', 'media'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of NOTICE_TRIGGERS)
    await sql`drop trigger if exists ${sql.raw(`${table}_cache`)} on ${sql.table(table)}`.execute(db);
  for (const fn of NOTICE_FUNCTIONS) await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  for (const table of STAMPED_TABLES) {
    for (const trigger of ['month_stamps_insert', 'month_stamps_delete', 'month_stamp_update'])
      await sql`drop trigger if exists ${sql.raw(`${table}_${trigger}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists dosar_month_stamp_row()`.execute(db);
  await sql`drop function if exists dosar_month_stamps()`.execute(db);
  await sql`drop table if exists kept_months`.execute(db);
  await sql`drop table if exists month_stamps`.execute(db);
}

/** What those migrations made, made again by their own (frozen) `up`, in their order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await readCacheNotify(db);
  await monthReadCache(db);
  await cacheNoticesPerTenant(db);
  await keptMonths(db);
}
