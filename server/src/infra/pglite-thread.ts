import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { requestStartedAt } from './request-clock.js';

/**
 * Embedded PGlite on a thread of its own. PGlite runs each statement on the thread that calls it; on the
 * server's, every statement stopped the HTTP work (parsing, checking sessions, gzipping answers) of every
 * other request, and the server used one core of two. Here the main thread sends each statement to the
 * database's thread (pglite-thread-worker.ts) and goes on serving while it runs. The worker keeps the order
 * the server kept before (yielding-dialect.ts): one statement or one whole transaction at a time, the
 * oldest request's first (`at`, request-clock.ts). Bare Fastify and one indexed select per request:
 * 2,851 / 3,039 req/s on PGlite in the server's thread, 4,111 / 3,853 on a thread of its own
 * (docs/ARCHITECTURE.md, "The embedded database's thread").
 */

/** How the worker opens the database: in DATA_DIR's folder, or in memory. */
export interface ThreadSetup {
  dataDir?: string;
}

/**
 * What the main thread asks; `tx` is the transaction a statement belongs to (null: none). A statement with
 * `begin` opens a transaction and runs as its first (ThreadConnection, below); the answer names it.
 */
export type ThreadRequest = { id: number; at: number; tx: number | null } & (
  | { kind: 'query'; text: string; params: readonly unknown[]; begin?: true }
  | { kind: 'commit' | 'rollback' | 'close' }
  | { kind: 'listen' | 'unlisten'; channel: string }
);

/** A request as the caller gives it: the thread numbers and dates it. */
export type ThreadAsk = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id' | 'at'> : never) : never;

/** What the worker answers: ready once, each request's value or error, and notifications as they come. */
export type ThreadReply =
  | { ready: true }
  | { id: number; value: unknown }
  | { id: number; error: Record<string, unknown> }
  | { notify: string; payload: string };

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** The worker's entry: compiled JavaScript beside this file, or, run from TypeScript (tests, tsx), through tsx. */
function workerEntry(): URL {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new URL('./pglite-thread-worker.js', here);
  const resolve = createRequire(here).resolve;
  const tsx = pathToFileURL(path.join(path.dirname(resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const entry = pathToFileURL(path.join(path.dirname(fileURLToPath(here)), 'pglite-thread-worker.ts'));
  const code = `const { register } = await import(${JSON.stringify(tsx.href)}); register();
    await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** The database's thread as the main thread sees it. */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, (payload: string) => void>();
  #seq = 0;
  #failed: unknown = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the worker and waits until its database is open (a failure to open rejects). */
  static async start(setup: ThreadSetup): Promise<PGliteThread> {
    const worker = new Worker(workerEntry(), { workerData: setup });
    const thread = new PGliteThread(worker);
    let started = false;
    await new Promise<void>((resolve, reject) => {
      // Lost after the start, the database is lost to the process: it ends as it would have with PGlite on
      // its own thread, for its supervisor to start it again, rather than answer 500 to every request.
      const lost = (error: Error) => {
        thread.#fail(error);
        if (!started) return reject(error);
        setImmediate(() => {
          throw error;
        });
      };
      worker.on('message', (reply: ThreadReply) => {
        if ('ready' in reply) {
          started = true;
          worker.unref();
          resolve();
        } else thread.#answer(reply);
      });
      worker.on('error', lost);
      worker.on('exit', (code) => lost(new Error(`Firul bazei de date s-a oprit (cod ${code}).`)));
    });
    return thread;
  }

  #answer(reply: Exclude<ThreadReply, { ready: true }>): void {
    if ('notify' in reply) {
      this.#listeners.get(reply.notify)?.(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in reply) {
      const { message, ...fields } = reply.error;
      pending?.reject(Object.assign(new Error(String(message)), fields));
    } else pending?.resolve(reply.value);
  }

  #fail(error: unknown): void {
    this.#failed ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** Sends one request; its answer, in the order the worker runs them. */
  call<T>(request: ThreadAsk): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = ++this.#seq;
    return new Promise<T>((resolve, reject) => {
      // The thread keeps the process alive only while a request waits for it (a script that forgot to
      // close the database still ends; one awaiting a statement does not end under it).
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id, at: requestStartedAt() });
    });
  }

  /** Hands every notification on `channel` to `notice`, before the answer of the statement that sent it. */
  async listen(channel: string, notice: (payload: string) => void): Promise<() => Promise<void>> {
    this.#listeners.set(channel, notice);
    await this.call({ kind: 'listen', channel, tx: null });
    return async () => {
      this.#listeners.delete(channel);
      await this.call({ kind: 'unlisten', channel, tx: null });
    };
  }

  /** Closes the database, then ends the thread. */
  async close(): Promise<void> {
    try {
      if (!this.#failed) await this.call({ kind: 'close', tx: null });
    } finally {
      this.#worker.removeAllListeners('exit');
      this.#worker.removeAllListeners('error');
      this.#worker.on('error', () => {});
      await this.#worker.terminate();
    }
  }
}

/** A statement's rows as the worker sends them. */
type Rows<R> = { rows: R[]; affectedRows?: number };

/**
 * One of Kysely's connections: statements outside a transaction, or inside the one it began. A BEGIN is
 * not sent on its own: it goes with the transaction's first statement, which the worker runs right after
 * it. A transaction holds the database from its BEGIN to its end, and a BEGIN answered alone held it idle
 * for a round trip through this thread (the answer, then the first statement) in every transaction.
 */
class ThreadConnection implements DatabaseConnection {
  tx: number | null = null;
  /** A transaction was begun and its first statement has not been sent yet. */
  beginning = false;
  constructor(readonly thread: PGliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const ask = { kind: 'query', text: query.sql, params: query.parameters } as const;
    const result = this.beginning
      ? await this.#begin<R>(ask)
      : await this.thread.call<Rows<R>>({ ...ask, tx: this.tx });
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.affectedRows != null ? BigInt(result.affectedRows) : undefined,
    };
  }

  /** Opens the transaction with its first statement; an error after the BEGIN leaves it open, to be rolled back. */
  async #begin<R>(ask: { kind: 'query'; text: string; params: readonly unknown[] }): Promise<Rows<R>> {
    this.beginning = false;
    try {
      const opened = await this.thread.call<{ result: Rows<R>; tx: number }>({ ...ask, tx: null, begin: true });
      this.tx = opened.tx;
      return opened.result;
    } catch (error) {
      const { openTx } = error as { openTx?: unknown };
      if (typeof openTx === 'number') this.tx = openTx;
      delete (error as { openTx?: unknown }).openTx;
      throw error;
    }
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite nu poate trimite rezultatele pe bucăți.');
  }
}

/** PGlite's adapter (the SQL of PostgreSQL), its connections handed out freely: the worker orders them. */
class ThreadAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's dialect over the database's thread. */
export function threadDialect(thread: PGliteThread): Dialect {
  /**
   * Ends the connection's transaction; the connection is outside any afterwards, whatever the answer. One
   * that never sent a statement never began on the worker: nothing to end.
   */
  const end = async (c: ThreadConnection, kind: 'commit' | 'rollback') => {
    if (c.beginning) {
      c.beginning = false;
      return;
    }
    try {
      await thread.call({ kind, tx: c.tx });
    } finally {
      c.tx = null;
    }
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return new ThreadConnection(thread);
    },
    async beginTransaction(connection) {
      (connection as ThreadConnection).beginning = true;
    },
    commitTransaction: (connection) => end(connection as ThreadConnection, 'commit'),
    rollbackTransaction: (connection) => end(connection as ThreadConnection, 'rollback'),
    async releaseConnection() {},
    destroy: () => thread.close(),
  };
  return {
    createAdapter: () => new ThreadAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
