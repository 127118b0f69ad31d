import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { migrations } from '../db/migrations/index.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/db (or in memory for tests). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseInMemory'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const { Pool, types } = await import('pg');
    // bigint (sizes) as JS numbers: files stay far below 2^53 bytes.
    types.setTypeParser(20, (value: string) => Number(value));
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, terminated backend) emits 'error' on the pool;
    // unhandled, that would kill the process. The pool discards the connection and opens a new one when needed.
    pool.on('error', (error) => console.warn(`[dosar] conexiune la baza de date pierdută: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (client search indexes, migration 050): PGlite loads an extension only when passed at creation.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let dataDir: string | undefined;
  if (!config.databaseInMemory) {
    dataDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Features own number ranges (010–019 auth, 020–029 company…), so a later release can add a migration
  // that sorts before one already applied: run it instead of refusing the whole database.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
