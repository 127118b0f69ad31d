import fs from 'node:fs';
import path from 'node:path';
import { type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { CACHE_CHANNEL, ReadCache, type Announce, type Listen } from './read-cache.js';
import { writeTrackingDialect, type TrackingOptions } from './cache-writes.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The hot read cache of this connection (off until a server starts it). */
  cache: ReadCache;
  close(): Promise<void>;
}

/** Opens an embedded database from a copy of another one's files (a `dumpDataDir()` tarball), skipping initdb. */
export interface OpenOptions {
  pgliteImage?: Blob;
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/db (or in memory for tests). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseInMemory'> & Partial<Pick<Config, 'readCache'>>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  let cache: ReadCache | null = null;
  const tracked = (dialect: Dialect, options?: TrackingOptions) => writeTrackingDialect(dialect, () => cache, options);
  const withCache = (listen: Listen, announce: Announce | null) =>
    (cache = new ReadCache(config.readCache ?? true, listen, undefined, announce));
  if (config.databaseUrl) {
    const { Client, Pool, types } = await import('pg');
    // bigint (sizes) as JS numbers: files stay far below 2^53 bytes.
    types.setTypeParser(20, (value: string) => Number(value));
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, terminated backend) emits 'error' on the pool;
    // unhandled, that would kill the process. The pool discards the connection and opens a new one when needed.
    pool.on('error', (error) => console.warn(`[dosar] conexiune la baza de date pierdută: ${error.message}`));
    const db = new Kysely<Database>({ dialect: tracked(new PostgresDialect({ pool })) });
    const url = config.databaseUrl;
    // Change notices arrive on a connection of their own, outside the pool.
    const listen: Listen = async (channel, notice, lost) => {
      const client = new Client({ connectionString: url });
      client.on('notification', (message) => notice(message.payload ?? '*'));
      client.on('error', (error) => lost(error));
      client.on('end', () => lost(new Error('conexiunea s-a închis')));
      await client.connect();
      await client.query(`listen ${channel}`);
      return async () => {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => {});
        await client.end();
      };
    };
    // Other instances share this database: a writing request waits for its notice to come back (settle).
    const announce: Announce = async (payload) => {
      await pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload]);
    };
    return { db, kind: 'postgres', cache: withCache(listen, announce), close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (client search indexes, migration 050): PGlite loads an extension only when passed at creation.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!config.databaseInMemory) {
    // Before anything touches the files: a second process on them loses or corrupts data.
    unlock = lockDataDir(config.dataDir);
    dataDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  let pglite;
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: tracked(new PGliteDialect({ pglite }), { yieldToEventLoop: true }) });
  // One process owns an embedded database: notices come from its own commits, and never stop.
  const listen: Listen = async (channel, notice) => pglite.listen(channel, notice);
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      unlock();
    }
  };
  return { db, kind: 'pglite', cache: withCache(listen, null), close };
}

/** Refreshes the planner statistics of every table. */
export async function analyze(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
