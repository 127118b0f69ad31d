import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { down as restoreReadCaches, up as dropReadCaches } from '../db/migrations/2026-11-28-180-drop-read-caches.js';
import { openDatabase, type DatabaseHandle } from './db.js';

// The database as the server opens it and migrates it: embedded PGlite in memory, or PostgreSQL in a
// database of this file's own when TEST_DATABASE_URL is set.
const adminUrl = process.env.TEST_DATABASE_URL;
const name = `dosar_db_test_${crypto.randomBytes(5).toString('hex')}`;
let handle: DatabaseHandle;

async function onAdmin(statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  let databaseUrl: string | null = null;
  if (adminUrl) {
    await onAdmin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  handle = await openDatabase(loadConfig({ NODE_ENV: 'test' }, { databaseUrl, databaseInMemory: !databaseUrl }));
  await migrateToLatest(handle.db);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  if (adminUrl) await onAdmin(`drop database if exists ${name} with (force)`);
});

/** Every trigger of the schema, as `table.trigger`. */
const triggers = async (): Promise<string[]> =>
  (
    await sql<{ name: string }>`
      select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal order by 1`.execute(handle.db)
  ).rows.map((row) => row.name);

const tables = async (...names: string[]): Promise<string[]> =>
  (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_name = any(${names}) order by 1`.execute(handle.db)
  ).rows.map((row) => row.table_name);

/** Each keeps a figure a user sees or a limit checks. */
const KEPT = [
  // client_counts: list totals and the plan's client limit.
  'clients.clients_count_delete',
  'clients.clients_count_insert',
  'clients.clients_count_update',
  // storage_ledger: the storage a tenant uses.
  'clients.clients_storage_holding',
  // A client's document count and last upload.
  'media.media_client_stats',
  'media.media_client_stats_delete',
  'media.media_client_stats_insert',
  'media.media_storage_delete',
  'media.media_storage_insert',
  'media.media_storage_update',
];

test('the only triggers left keep a figure a user sees or a limit checks', async () => {
  expect(await triggers()).toEqual(KEPT);
});

test('nothing sends change notices, and the kept months are gone', async () => {
  const notifying = await sql<{ proname: string }>`
    select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prosrc like '%pg_notify%'`.execute(handle.db);
  expect(notifying.rows).toEqual([]);
  expect(await tables('kept_months', 'month_stamps')).toEqual([]);
});

test("the migration's down brings back what it dropped, and its up drops it again", async () => {
  await restoreReadCaches(handle.db);
  const restored = await triggers();
  expect(restored).toEqual(expect.arrayContaining([...KEPT, 'users.users_cache', 'media.media_month_stamp_update']));
  expect(restored.filter((trigger) => trigger.endsWith('_cache'))).toHaveLength(12);
  expect(restored.filter((trigger) => /_month_stamps?_/.test(trigger))).toHaveLength(9);
  expect(await tables('kept_months', 'month_stamps')).toEqual(['kept_months', 'month_stamps']);
  await dropReadCaches(handle.db);
  expect(await triggers()).toEqual(KEPT);
  expect(await tables('kept_months', 'month_stamps')).toEqual([]);
});

test('values travel as parameters: quotes, dollars and comment marks come back as they went', async () => {
  const text = "it's $1 -- not a comment /* nor this */ $$ nor dollar quoting";
  const { rows } = await sql<{ value: string }>`select ${text}::text as value`.execute(handle.db);
  expect(rows).toEqual([{ value: text }]);
});

test("connections keep the server's own planner settings", async () => {
  const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(handle.db);
  expect(rows).toEqual([{ plan_cache_mode: 'auto' }]);
});
