import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Dialect } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { CACHE_CHANNEL, ReadCache, type Listen } from './read-cache.js';
import { preparedPGliteStatements } from './pglite-statements.js';
import { PGliteThread, threadDialect } from './pglite-thread.js';
import { SESSION_OPTIONS, preparedStatements } from './prepared-statements.js';
import { yieldingDialect } from './yielding-dialect.js';

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
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseInMemory'> &
    Partial<Pick<Config, 'readCache' | 'databaseThread'>>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const enabled = config.readCache ?? true;
  if (config.databaseUrl) {
    const { Client, Pool, types } = await import('pg');
    // bigint (sizes) as JS numbers: files stay far below 2^53 bytes.
    types.setTypeParser(20, (value: string) => Number(value));
    const url = config.databaseUrl;
    const pool = new Pool({ connectionString: url, max: 10, options: SESSION_OPTIONS });
    preparedStatements(pool);
    // An idle connection the server drops (restart, failover, terminated backend) emits 'error' on the pool;
    // unhandled, that would kill the process. The pool discards the connection and opens a new one when needed.
    pool.on('error', (error) => console.warn(`[dosar] conexiune la baza de date pierdută: ${error.message}`));
    /** The server processes of this pool's connections: their notices come on the connection itself. */
    const own = new Set<number>();
    // Other instances' notices arrive on a connection of their own, outside the pool.
    const listen: Listen = async (channel, notice, lost) => {
      const client = new Client({ connectionString: url });
      client.on('notification', (message) => {
        if (!own.has(message.processId)) notice(message.payload ?? '*');
      });
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
    // Other instances share this database: sessions are checked in it on every request.
    const cache = new ReadCache(enabled, listen, undefined, false);
    // Each pooled connection listens as well and takes the notices of its own commits, which PostgreSQL
    // sends before the commit's answer: a writer's drop has happened when its query resolves (read-cache.ts).
    if (enabled)
      pool.on('connect', (client) => {
        const pid = (client as unknown as { processID: number }).processID;
        own.add(pid);
        client.on('end', () => own.delete(pid));
        client.on('notification', (message) => {
          if (message.processId === pid) cache.notice(message.payload ?? '*');
        });
        client.query(`listen ${CACHE_CHANNEL}`).catch(() => {});
      });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', cache, close: () => db.destroy() };
  }
  // On a thread of its own (pglite-thread.ts), unless in memory (tests) or turned off.
  if (config.databaseThread && !config.databaseInMemory && !options.pgliteImage)
    return openEmbedded(config, enabled, async (dataDir) => {
      const thread = await PGliteThread.start({ dataDir });
      return { dialect: threadDialect(thread), listen: (channel, notice) => thread.listen(channel, notice) };
    });
  return openEmbedded(config, enabled, async (dataDir) => {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm (client search indexes, migration 050): PGlite loads an extension only when passed at creation.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
      extensions: { pg_trgm },
    });
    await preparedPGliteStatements(pglite);
    return {
      dialect: yieldingDialect(new PGliteDialect({ pglite })),
      listen: (channel, notice) => pglite.listen(channel, notice),
    };
  });
}

/**
 * Embedded PGlite, in DATA_DIR/db (locked for this process) or in memory, opened by `open`. One process
 * owns it: change notices come from its own commits, handed over before the committing statement's
 * answer, and never stop.
 */
async function openEmbedded(
  config: Pick<Config, 'dataDir' | 'databaseInMemory'>,
  cacheEnabled: boolean,
  open: (dataDir: string | undefined) => Promise<{ dialect: Dialect; listen: Listen }>,
): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!config.databaseInMemory) {
    // Before anything touches the files: a second process on them loses or corrupts data.
    unlock = lockDataDir(config.dataDir);
    dataDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  let opened: Awaited<ReturnType<typeof open>>;
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
  return { db, kind: 'pglite', cache: new ReadCache(cacheEnabled, opened.listen), close };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
