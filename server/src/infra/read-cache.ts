import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, RootOperationNode } from 'kysely';
import { CACHED_TABLES } from '../db/migrations/2026-11-22-060-read-cache-notify.js';

/**
 * Hot read cache: the serialized answers of the busiest reads (a company's client list and client
 * view, kept plain and gzipped) and the signed-in actor of each token, kept in this process so a
 * repeated read costs no query.
 *
 * Nothing stale outlives a change:
 * - a write through this process (a request, a CLI step, a background job) drops the whole cache when it
 *   commits — a statement on its own as soon as it ran, a transaction at its commit — before its caller
 *   goes on (writeTrackingDialect), so the writer reads its own write on the next call;
 * - triggers (migration 060) NOTIFY `dosar_cache` after every commit that changes a row the cached
 *   answers read; every process LISTENs and drops the company (or everything) when the notice comes;
 * - on a database several instances share (PostgreSQL), a request during which this process committed
 *   a write waits, before its answer leaves, until a notice sent after that commit comes back: notices
 *   arrive in commit order, so by then every instance has been sent the change — a logout, a removed
 *   user or a suspended company ends the session everywhere before the call that did it returns;
 * - while the LISTEN connection is down the cache is off (every read goes to the database) and it
 *   starts empty when the connection is back;
 * - an answer computed while a drop happened is not stored (generation check).
 * READ_CACHE=off turns it off altogether (bench figures without it, or to rule it out).
 */

export const CACHE_CHANNEL = 'dosar_cache';

/** Subscribes to a NOTIFY channel; `lost` is called when the subscription stops delivering. */
export type Listen = (
  channel: string,
  notice: (payload: string) => void,
  lost: (error: Error) => void,
) => Promise<() => Promise<void>>;

/** Sends a notice on CACHE_CHANNEL through the shared database (after the caller's commit). */
export type Announce = (payload: string) => Promise<void>;

interface Entry {
  companyId: number;
  body: Buffer;
  /** The body gzipped, made on the first request that accepts it. */
  gzip: Buffer | null;
  bytes: number;
}

/** A notice this process sends to learn that its earlier commits have reached every listener. */
const SYNC_PREFIX = 'sync:';
const SETTLE_MS = 500;

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_KEY = 2_000;
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export class ReadCache {
  private live = false;
  private stopped = false;
  private gen = 0;
  private bytes = 0;
  private readonly answers = new Map<string, Entry>();
  private readonly actors = new Map<number, { tokenHash: string; actor: unknown }>();
  private readonly waiting = new Map<string, () => void>();
  private syncs = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  /** Answers served from memory since start (tests and diagnostics). */
  hits = 0;
  /** Committed writes of this process to the cached tables (a request compares it at start and end). */
  writes = 0;
  private inflight: { writes: number; done: Promise<void> } | null = null;

  /**
   * `announce`: given when other processes share the database (PostgreSQL); a writing request then
   * waits for its own notice to come back (settle).
   */
  constructor(
    private readonly enabled: boolean,
    private readonly listen: Listen,
    private readonly warn: (message: string) => void = (m) => console.warn(m),
    private readonly announce: Announce | null = null,
  ) {}

  /** True while answers may be served from memory. */
  get active(): boolean {
    return this.live;
  }

  get generation(): number {
    return this.gen;
  }

  /** Starts listening for change notices; the cache works from the moment the subscription holds. */
  async start(): Promise<void> {
    if (!this.enabled || this.stopped) return;
    try {
      this.unlisten = await this.listen(
        CACHE_CHANNEL,
        (payload) => this.notice(payload),
        (error) => this.lost(error),
      );
      this.failures = 0;
      this.dropAll();
      this.live = true;
    } catch (error) {
      this.lost(error as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    this.releaseWaiting();
    if (this.retry) clearTimeout(this.retry);
    this.dropAll();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }

  private lost(error: Error): void {
    const wasLive = this.live;
    this.releaseWaiting();
    this.live = false;
    this.dropAll();
    this.unlisten = null;
    if (this.stopped || this.retry) return;
    if (wasLive || this.failures === 0)
      this.warn(`[dosar] cache-ul de citire este oprit până revine conexiunea de notificări: ${error.message}`);
    const delay = RECONNECT_MS[Math.min(this.failures++, RECONNECT_MS.length - 1)];
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, delay);
    this.retry.unref();
  }

  /** A change notice: a company id, or '*' for everything. */
  notice(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      this.waiting.get(payload)?.();
      return;
    }
    const companyId = Number(payload);
    if (payload !== '' && Number.isSafeInteger(companyId)) this.dropCompany(companyId);
    else this.dropAll();
  }

  dropAll(): void {
    this.gen++;
    this.answers.clear();
    this.actors.clear();
    this.bytes = 0;
  }

  dropCompany(companyId: number): void {
    this.gen++;
    for (const [key, entry] of this.answers) {
      if (entry.companyId !== companyId) continue;
      this.answers.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  /** A write to the cached tables committed in this process: everything goes at once. */
  committed(): void {
    this.writes++;
    this.dropAll();
  }

  /**
   * Resolves once a notice sent after this process's latest commit has come back, so every listener has
   * been sent the notices of those commits; at once without a shared database or while the cache is off
   * (nothing of this process to wait for), and after SETTLE_MS at most. Callers at the same moment share
   * one notice.
   */
  settle(timeoutMs = SETTLE_MS): Promise<void> {
    if (!this.announce || !this.live) return Promise.resolve();
    if (this.inflight && this.inflight.writes >= this.writes) return this.inflight.done;
    const inflight = { writes: this.writes, done: this.sync(timeoutMs) };
    this.inflight = inflight;
    void inflight.done.then(() => {
      if (this.inflight === inflight) this.inflight = null;
    });
    return inflight.done;
  }

  private async sync(timeoutMs: number): Promise<void> {
    if (!this.announce) return;
    const payload = `${SYNC_PREFIX}${process.pid}.${++this.syncs}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.waiting.set(payload, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await this.announce(payload);
      await back;
    } catch {
      // The database refused the notice: the commit itself went through; its own notices still go out.
    } finally {
      clearTimeout(timer);
      this.waiting.delete(payload);
    }
  }

  private releaseWaiting(): void {
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }

  /** The stored answer, gzipped when `gzip` (made once, on the first such request). */
  answer(key: string, gzip = false): Buffer | undefined {
    if (!this.live) return undefined;
    const entry = this.answers.get(key);
    if (!entry) return undefined;
    // Least recently used goes first: a hit moves to the end.
    this.answers.delete(key);
    this.answers.set(key, entry);
    this.hits++;
    if (!gzip) return entry.body;
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body);
      entry.bytes += entry.gzip.length;
      this.bytes += entry.gzip.length;
    }
    return entry.gzip;
  }

  /** Stores an answer computed from data read after `generation` was taken, unless a drop came since. */
  storeAnswer(key: string, companyId: number, body: Buffer, generation: number, gzip: Buffer | null = null): void {
    if (!this.live || generation !== this.gen || key.length > MAX_KEY) return;
    const bytes = 2 * key.length + body.length + (gzip?.length ?? 0);
    if (bytes > MAX_BYTES / 16) return;
    const old = this.answers.get(key);
    if (old) {
      this.answers.delete(key);
      this.bytes -= old.bytes;
    }
    this.answers.set(key, { companyId, body, gzip, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.answers) {
      if (this.answers.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.answers.delete(k);
      this.bytes -= e.bytes;
    }
  }

  actor<T>(tokenId: number, tokenHash: string): T | undefined {
    if (!this.live) return undefined;
    const entry = this.actors.get(tokenId);
    return entry && entry.tokenHash === tokenHash ? (entry.actor as T) : undefined;
  }

  storeActor(tokenId: number, tokenHash: string, actor: unknown, generation: number): void {
    if (!this.live || generation !== this.gen) return;
    if (this.actors.size >= MAX_ENTRIES) this.actors.delete(this.actors.keys().next().value as number);
    this.actors.set(tokenId, { tokenHash, actor });
  }
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(with\b[\s\S]*\b)?(insert|update|delete|merge|truncate|alter|drop|create)\b/i;
const RAW_TABLES = new RegExp(`\\b(${CACHED_TABLES.join('|')})\\b`, 'i');

function tablesOf(node: unknown, found: Set<string>, depth = 0): Set<string> {
  if (!node || typeof node !== 'object' || depth > 12) return found;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name);
  for (const value of Object.values(node)) tablesOf(value, found, depth + 1);
  return found;
}

/** True when the query may change a row that a cached answer reads. */
function changesCachedData(node: RootOperationNode): boolean {
  if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join(' ');
    return RAW_WRITE.test(text) && RAW_TABLES.test(text);
  }
  if (!WRITE_NODES.has(node.kind)) return false;
  return [...tablesOf(node, new Set())].some((t) => CACHED_TABLES.includes(t));
}

interface ConnectionState {
  inner: DatabaseConnection;
  inTransaction: boolean;
  wrote: boolean;
}

export interface TrackingOptions {
  /**
   * Wait for the event loop's next turn before each statement outside a transaction (embedded PGlite).
   * PGlite runs a query on this thread and hands its lock to the next queued query promise by promise,
   * so a queue of them never returns to the event loop: while the clients that already have a connection
   * keep it busy, the server accepts a new connection, or reads its request, only between two whole
   * rounds of theirs (seen: the 50th connection of a 50-connection load got its first answer after
   * 6.7 s, every answer itself taking under 40 ms). With a turn per statement, accepts and reads come in
   * between, and a newcomer waits as long as everyone else.
   */
  yieldToEventLoop?: boolean;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The dialect's driver, telling the cache of every committed write to a table the cached answers read:
 * a statement on its own as soon as it ran, a transaction when it commits (a rolled-back one changed
 * nothing). It happens before the query's caller goes on, so before the writing request can answer.
 */
export function writeTrackingDialect(
  dialect: Dialect,
  cache: () => ReadCache | null,
  { yieldToEventLoop = false }: TrackingOptions = {},
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const states = new WeakMap<DatabaseConnection, ConnectionState>();
      const state = (connection: DatabaseConnection) => states.get(connection) as ConnectionState;
      const wrote = () => cache()?.committed();
      const settled = (s: ConnectionState) => {
        const changed = s.wrote;
        s.inTransaction = false;
        s.wrote = false;
        return changed;
      };
      const tracked: Driver = {
        init: (options) => driver.init(options),
        async acquireConnection(options) {
          const inner = await driver.acquireConnection(options);
          const s: ConnectionState = { inner, inTransaction: false, wrote: false };
          const connection: DatabaseConnection = {
            async executeQuery<R>(query: CompiledQuery) {
              if (yieldToEventLoop && !s.inTransaction) await nextTurn();
              const result = await inner.executeQuery<R>(query);
              if (changesCachedData(query.query)) {
                if (s.inTransaction) s.wrote = true;
                else wrote();
              }
              return result;
            },
            streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
          };
          states.set(connection, s);
          return connection;
        },
        async beginTransaction(connection, settings) {
          const s = state(connection);
          if (yieldToEventLoop) await nextTurn();
          await driver.beginTransaction(s.inner, settings);
          s.inTransaction = true;
          s.wrote = false;
        },
        async commitTransaction(connection) {
          const s = state(connection);
          await driver.commitTransaction(s.inner);
          if (settled(s)) wrote();
        },
        async rollbackTransaction(connection) {
          const s = state(connection);
          settled(s);
          await driver.rollbackTransaction(s.inner);
        },
        releaseConnection: (connection, options) => driver.releaseConnection(state(connection).inner, options),
        destroy: (options) => driver.destroy(options),
      };
      if (driver.savepoint) tracked.savepoint = (c, name, compile) => driver.savepoint!(state(c).inner, name, compile);
      if (driver.rollbackToSavepoint)
        tracked.rollbackToSavepoint = (c, name, compile) => driver.rollbackToSavepoint!(state(c).inner, name, compile);
      if (driver.releaseSavepoint)
        tracked.releaseSavepoint = (c, name, compile) => driver.releaseSavepoint!(state(c).inner, name, compile);
      return tracked;
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** ReadCache.writes when the request came in. */
    cacheWritesAtStart: number;
  }
}

/**
 * On a shared database, a request during which a write committed in this process waits, before its
 * answer leaves, until its sync notice comes back (settle): the writer's change has then been sent to
 * every instance. The drop itself already happened at the commit.
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.decorateRequest('cacheWritesAtStart', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.cacheWritesAtStart = cache.writes;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.cacheWritesAtStart === cache.writes) return done(null, payload);
    void cache.settle().then(() => done(null, payload));
  });
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
}

/** True when the request's Accept-Encoding takes gzip (every browser's does). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\s*(,|$)/.test(header);
}

/**
 * Answers a company read from the cache, or computes it, serializes it with the route's response
 * schema and keeps it; gzipped for a client that accepts it while the cache works (a hit costs no
 * compression: the gzip is kept too). Call after the scope check: the key holds the company, the actor, the path (route and
 * parameters) and the body.
 */
export async function cachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: number,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const cache = request.server.ctx.readCache;
  // The path names the route and its parameters.
  const key = `${companyId}|${request.actor?.id ?? 0}|${request.url}|${JSON.stringify(request.body ?? null)}`;
  // Compression is paid once per kept answer; with the cache off the answer goes out as it is.
  const gzip = cache.active && acceptsGzip(request);
  const send = (body: Buffer) => {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(body);
  };
  const hit = cache.answer(key, gzip);
  if (hit !== undefined) return send(hit);
  const generation = cache.generation;
  const body = Buffer.from(String(reply.serialize(await compute())));
  const zipped = gzip ? gzipSync(body) : null;
  cache.storeAnswer(key, companyId, body, generation, zipped);
  return send(zipped ?? body);
}
