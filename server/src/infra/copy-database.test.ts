import crypto from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from './db.js';
import { migrateToLatest } from '../db/migrate.js';
import { copyDatabase, tablesInDependencyOrder } from './copy-database.js';
import { localDiskStorage } from './storage.js';
import { seedDemoWorld } from '../seed.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `dosar_move_${crypto.randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Every row of `table` as text, in one order: equal on two databases when their rows are. */
async function contents(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t order by 1`.execute(db);
  return rows.map((r) => r.row);
}

test('an embedded installation moves into PostgreSQL with every table and row', async () => {
  const target = await createDatabase();
  if (!target) {
    console.warn('PostgreSQL not reachable: skipped');
    return;
  }
  const config = loadConfig({ NODE_ENV: 'test' }, { databaseInMemory: true });
  const source = await openDatabase({ ...config, databaseUrl: null });
  const dest = await openDatabase({ ...config, databaseUrl: target.url });
  try {
    await migrateToLatest(source.db);
    await seedDemoWorld({ db: source.db, storage: localDiskStorage(`/tmp/dosar-move-${process.pid}`) });
    await migrateToLatest(dest.db);
    const counts = await copyDatabase(source.db, dest.db);
    const order = await tablesInDependencyOrder(source.db);
    expect(order.indexOf('companies')).toBeLessThan(order.indexOf('users'));
    expect(order.indexOf('clients')).toBeLessThan(order.indexOf('media'));
    for (const table of order) {
      const q = (db: typeof source.db) =>
        sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db).then((r) => r.rows[0].n);
      expect([table, await q(dest.db)]).toEqual([table, await q(source.db)]);
      expect(counts[table]).toBe(await q(source.db));
      // Every value too, those the triggers keep included (client_counts, clients.documents_count): the
      // target's triggers must not add the copied rows to the copied counters a second time.
      expect([table, await contents(dest.db, table)]).toEqual([table, await contents(source.db, table)]);
    }
    expect(counts.users).toBeGreaterThanOrEqual(7);
    // Sequences moved past the copied ids: a new row gets a fresh id.
    const company = await dest.db
      .insertInto('companies')
      .values({ name: 'Nouă SRL', cui: null, reg_no: null, email: null, phone: null, address: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(company.id).toBeGreaterThan(counts.companies);
  } finally {
    await source.close();
    await dest.close();
    await target.drop();
  }
});
