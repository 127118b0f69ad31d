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

/**
 * Embedded PGlite on a thread of its own. PGlite runs each statement on the thread that calls it; on the
 * server's, every statement stopped the HTTP work of every other request, and the server used one core of
 * two. Here the main thread sends each statement to the database's thread (pglite-thread-worker.ts) and
 * goes on serving while it runs. Bare Fastify and one indexed select per request: 2,851 / 3,039 req/s on
 * PGlite in the server's thread, 4,111 / 3,853 on a thread of its own (docs/ARCHITECTURE.md, "The embedded
 * database's thread"); PGLITE_THREAD=off keeps it on the server's (config.ts) to measure it again.
 *
 * The order is Kysely's own for PGlite (PGliteAdapter: one connection): one statement, or one whole
 * transaction, at a time, so the worker never has more than one request to answer.
 */

/** How the worker opens the database: in DATA_DIR's folder, or in memory. */
export interface ThreadSetup {
  dataDir?: string;
}

/** What the main thread asks: a statement (inside the open transaction, if any), a transaction's edges, the end. */
export type ThreadRequest = { id: number } & (
  { kind: 'query'; text: string; params: readonly unknown[] } | { kind: 'begin' | 'commit' | 'rollback' | 'close' }
);

/** A request as the caller gives it: the thread numbers it. */
export type ThreadAsk = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** What the worker answers: ready once, then each request's value or error. */
export type ThreadReply =
  { ready: true } | { id: number; value: unknown } | { id: number; error: Record<string, unknown> };

/** A statement's rows as the worker sends them. */
export type ThreadRows<R = unknown> = { rows: R[]; affectedRows?: number };

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

  /** Sends one request; its answer. */
  call<T>(request: ThreadAsk): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = ++this.#seq;
    return new Promise<T>((resolve, reject) => {
      // The thread keeps the process alive only while a request waits for it (a script that forgot to
      // close the database still ends; one awaiting a statement does not end under it).
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /** Closes the database, then ends the thread. */
  async close(): Promise<void> {
    try {
      if (!this.#failed) await this.call({ kind: 'close' });
    } finally {
      this.#worker.removeAllListeners('exit');
      this.#worker.removeAllListeners('error');
      this.#worker.on('error', () => {});
      await this.#worker.terminate();
    }
  }
}

/** Kysely's one connection to the database's thread: the worker knows whether a transaction is open. */
class ThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: PGliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.thread.call<ThreadRows<R>>({ kind: 'query', text: query.sql, params: query.parameters });
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.affectedRows != null ? BigInt(result.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite nu poate trimite rezultatele pe bucăți.');
  }
}

/** Kysely's dialect over the database's thread. */
export function threadDialect(thread: PGliteThread): Dialect {
  const connection = new ThreadConnection(thread);
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {
      await thread.call({ kind: 'begin' });
    },
    async commitTransaction() {
      await thread.call({ kind: 'commit' });
    },
    async rollbackTransaction() {
      await thread.call({ kind: 'rollback' });
    },
    async releaseConnection() {},
    destroy: () => thread.close(),
  };
  return {
    // PGlite's adapter says there is one connection: Kysely hands it to one statement or transaction at a time.
    createAdapter: () => new PGliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
