import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type Dialect, type Transaction } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect } from '../db/pglite-dialect.js';
import { yieldingQueries } from './pglite-turns.js';
import { pgliteQueueDb, pgQueueDb, type QueueDb } from './queue-db.js';

export type Db = Kysely<Database>;

/** The database or one of its transactions: what a repository takes first, so whoever owns the unit of work opens it. */
export type Executor = Db | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The same database for the job queue (infra/jobs.ts): the SQL pg-boss sends, and NOTIFY. */
  queueDb: QueueDb;
  close(): Promise<void>;
}

/** Opens an embedded database from a copy of another one's files (a `dumpDataDir()` tarball), skipping initdb. */
export interface OpenOptions {
  pgliteImage?: Blob;
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/db (or in memory for tests). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseInMemory'>,
  options: OpenOptions = {},
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
    const close = async () => {
      await db.destroy();
      // Kysely ends the pool only if it ever used it; the job queue may have used it alone.
      if (!pool.ended) await pool.end();
    };
    return { db, kind: 'postgres', queueDb: pgQueueDb(pool), close };
  }
  return openEmbedded(config, async (dataDir) => {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm (client search indexes, migration 050): PGlite loads an extension only when passed at creation.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
      extensions: { pg_trgm },
    });
    const inTurns = yieldingQueries(pglite);
    return { dialect: new PGliteDialect(inTurns), queueDb: pgliteQueueDb(inTurns) };
  });
}

/** Embedded PGlite, in DATA_DIR/db (locked for this process) or in memory, opened by `open`. */
async function openEmbedded(
  config: Pick<Config, 'dataDir' | 'databaseInMemory'>,
  open: (dataDir: string | undefined) => Promise<{ dialect: Dialect; queueDb: QueueDb }>,
): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!config.databaseInMemory) {
    // Before anything touches the files: a second process on them loses or corrupts data.
    unlock = lockDataDir(config.dataDir);
    dataDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  let opened: { dialect: Dialect; queueDb: QueueDb };
  try {
    opened = await open(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: opened.dialect });
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      unlock();
    }
  };
  return { db, kind: 'pglite', queueDb: opened.queueDb, close };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
