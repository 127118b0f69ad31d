import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { CACHED_TABLES } from '../db/migrations/2026-11-22-060-read-cache-notify.js';

/**
 * Hot read cache: the serialized answers of the busiest reads (a company's client list and client
 * view) and, on the embedded database, the signed-in actor of each token, kept in this process so a
 * repeated read costs no query (PGlite) or only the token lookup (PostgreSQL).
 *
 * Nothing stale outlives a change:
 * - a request through this process that wrote (an insert/update/delete ran in its context) drops the
 *   whole cache before its answer leaves — the writer reads its own write on the next call;
 * - a write outside any request (a CLI step, a test, a background job) drops it as soon as it runs;
 * - triggers (migration 060) NOTIFY `dosar_cache` after every commit that changes a row the cached
 *   answers read; every process LISTENs, so other instances drop the company (or everything) within
 *   milliseconds of the commit (the one window this cache has: another instance's reader in those
 *   milliseconds still sees the answer from before; sessions are never cached there);
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

interface Entry {
  companyId: number;
  body: string;
  bytes: number;
}

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
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  /** Answers served from memory since start (tests and diagnostics). */
  hits = 0;

  /**
   * `sessions`: also remember the actor of each token. Only where every commit is seen before the next
   * request (the embedded database, one process): with several instances a logout, a removed user or
   * a suspended company must take effect everywhere before the call that did it returns, so on
   * PostgreSQL the token is looked up on every request.
   */
  constructor(
    private readonly enabled: boolean,
    private readonly listen: Listen,
    private readonly warn: (message: string) => void = (m) => console.warn(m),
    private readonly sessions = true,
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
    if (this.retry) clearTimeout(this.retry);
    this.dropAll();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }

  private lost(error: Error): void {
    const wasLive = this.live;
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

  answer(key: string): string | undefined {
    if (!this.live) return undefined;
    const entry = this.answers.get(key);
    if (!entry) return undefined;
    // Least recently used goes first: a hit moves to the end.
    this.answers.delete(key);
    this.answers.set(key, entry);
    this.hits++;
    return entry.body;
  }

  /** Stores an answer computed from data read after `generation` was taken, unless a drop came since. */
  storeAnswer(key: string, companyId: number, body: string, generation: number): void {
    if (!this.live || generation !== this.gen || key.length > MAX_KEY) return;
    const bytes = 2 * (key.length + body.length);
    if (bytes > MAX_BYTES / 16) return;
    const old = this.answers.get(key);
    if (old) {
      this.answers.delete(key);
      this.bytes -= old.bytes;
    }
    this.answers.set(key, { companyId, body, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.answers) {
      if (this.answers.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.answers.delete(k);
      this.bytes -= e.bytes;
    }
  }

  actor<T>(tokenId: number, tokenHash: string): T | undefined {
    if (!this.live || !this.sessions) return undefined;
    const entry = this.actors.get(tokenId);
    return entry && entry.tokenHash === tokenHash ? (entry.actor as T) : undefined;
  }

  storeActor(tokenId: number, tokenHash: string, actor: unknown, generation: number): void {
    if (!this.live || !this.sessions || generation !== this.gen) return;
    if (this.actors.size >= MAX_ENTRIES) this.actors.delete(this.actors.keys().next().value as number);
    this.actors.set(tokenId, { tokenHash, actor });
  }
}

// Which requests wrote: every query runs in the context of the request that started it.
const requestContext = new AsyncLocalStorage<{ wrote: boolean }>();
const contexts = new WeakMap<FastifyRequest, { wrote: boolean }>();

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

/** The Kysely plugin that tells the cache about writes (installed on the database handle). */
export function writeTracker(cache: () => ReadCache | null): KyselyPlugin {
  const outside = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (changesCachedData(node)) {
        const request = requestContext.getStore();
        if (request) request.wrote = true;
        else outside.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (outside.has(queryId)) cache()?.dropAll();
      return result;
    },
  };
}

/** Runs every request in its own write context; a request that wrote drops the cache before answering. */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const context = { wrote: false };
    contexts.set(request, context);
    requestContext.run(context, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (contexts.get(request)?.wrote) cache.dropAll();
    return payload;
  });
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
}

/**
 * Answers a company read from the cache, or computes it, serializes it with the route's response
 * schema and keeps it. Call after the scope check: the key holds the company, the actor, the route,
 * its parameters and its body.
 */
export async function cachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: number,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const cache = request.server.ctx.readCache;
  const key = `${companyId}|${request.actor?.id ?? 0}|${request.routeOptions.url}|${JSON.stringify(request.params)}|${JSON.stringify(request.body ?? null)}`;
  reply.type('application/json; charset=utf-8');
  const hit = cache.answer(key);
  if (hit !== undefined) return reply.send(hit);
  const generation = cache.generation;
  const body = String(reply.serialize(await compute()));
  cache.storeAnswer(key, companyId, body, generation);
  return reply.send(body);
}
