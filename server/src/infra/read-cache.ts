import { constants, gzipSync } from 'node:zlib';

/**
 * Hot read cache: the serialized answers of the busiest reads (a company's client list and client
 * view, its month portfolio and review queue, kept plain and gzipped) and, on an embedded database, the
 * signed-in actor of each token, kept in this process so a repeated read costs no query.
 *
 * Nothing stale outlives a change, and no write waits for anything but its own commit:
 * - triggers (migrations 060, 091, 100) NOTIFY `dosar_cache` with the company whose answers a committed
 *   change may alter ('sessions' when a session may have ended); every process LISTENs and drops that
 *   company's answers only;
 * - the connection that commits a change gets its own notices before the commit's answer (PostgreSQL sends
 *   a session its notices before ReadyForQuery; PGlite hands them over while the query returns): every
 *   pooled connection listens too (db.ts), so the writer's drop has happened when its query resolves and
 *   the writer reads its own write on the next call;
 * - other instances get the notice a moment later on their listening connection; so that a session
 *   ended anywhere is refused everywhere at its next request, signed-in actors are remembered only when
 *   no other process shares the database (PGlite);
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
  body: Buffer;
  /** The body gzipped, made on the first request that accepts it. */
  gzip: Buffer | null;
  bytes: number;
}

/**
 * An answer gzipped at the fastest level (nginx's default for the same reason): a 45 KB month grid takes
 * 80 µs instead of 320 µs at zlib's default level and comes out 3.3 KB instead of 2.3 KB; a 14 KB client
 * list 84 µs instead of 133 µs, 0.9 KB either way. Every answer the cache computes for a browser pays it.
 */
export const gzipAnswer = (body: Buffer): Buffer => gzipSync(body, { level: constants.Z_BEST_SPEED });

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_KEY = 2_000;
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export class ReadCache {
  private live = false;
  private stopped = false;
  /** Counts drops; a drop records its count, so a read that began before it is not stored after it. */
  private gen = 0;
  private allDroppedAt = 0;
  private sessionsDroppedAt = 0;
  private readonly companyDroppedAt = new Map<number, number>();
  private bytes = 0;
  private readonly answers = new Map<string, Entry>();
  private readonly actors = new Map<number, { tokenHash: string; actor: unknown }>();
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  /** Answers served from memory since start (tests and diagnostics; the bench counts x-cache headers). */
  hits = 0;

  /**
   * `rememberSessions`: only when no other process shares the database (PGlite); on PostgreSQL each
   * request checks its token in the database, so a session ended on another instance is refused at once.
   */
  constructor(
    private readonly enabled: boolean,
    private readonly listen: Listen,
    private readonly warn: (message: string) => void = (m) => console.warn(m),
    private readonly rememberSessions = true,
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

  /** A change notice: a company id, 'sessions' (signed-in users), or anything else for everything. */
  notice(payload: string): void {
    if (payload === 'sessions') return this.dropSessions();
    const companyId = Number(payload);
    if (payload !== '' && Number.isSafeInteger(companyId)) this.dropCompany(companyId);
    else this.dropAll();
  }

  dropSessions(): void {
    this.sessionsDroppedAt = ++this.gen;
    this.actors.clear();
  }

  dropAll(): void {
    this.allDroppedAt = ++this.gen;
    this.companyDroppedAt.clear();
    this.answers.clear();
    this.actors.clear();
    this.bytes = 0;
  }

  dropCompany(companyId: number): void {
    this.companyDroppedAt.set(companyId, ++this.gen);
    for (const [key, entry] of this.answers) {
      if (entry.companyId !== companyId) continue;
      this.answers.delete(key);
      this.bytes -= entry.bytes;
    }
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
      entry.gzip = gzipAnswer(entry.body);
      entry.bytes += entry.gzip.length;
      this.bytes += entry.gzip.length;
    }
    return entry.gzip;
  }

  /**
   * Stores an answer computed from data read after `generation` was taken, unless its company (or
   * everything) was dropped since: another company's writes do not keep it out.
   */
  storeAnswer(key: string, companyId: number, body: Buffer, generation: number, gzip: Buffer | null = null): void {
    const dropped = Math.max(this.allDroppedAt, this.companyDroppedAt.get(companyId) ?? 0);
    if (!this.live || dropped > generation || key.length > MAX_KEY) return;
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
    if (!this.live || !this.rememberSessions) return undefined;
    const entry = this.actors.get(tokenId);
    return entry && entry.tokenHash === tokenHash ? (entry.actor as T) : undefined;
  }

  storeActor(tokenId: number, tokenHash: string, actor: unknown, generation: number): void {
    if (!this.live || !this.rememberSessions || Math.max(this.allDroppedAt, this.sessionsDroppedAt) > generation)
      return;
    if (this.actors.size >= MAX_ENTRIES) this.actors.delete(this.actors.keys().next().value as number);
    this.actors.set(tokenId, { tokenHash, actor });
  }
}

// The HTTP side (cached-answer.ts), for the callers that know this module.
export { acceptsGzip, cachedAnswer, registerReadCache, writtenAnswer } from './cached-answer.js';

/**
 * Every table a cached answer reads: each has a change trigger that sends the notice (migrations 060,
 * 091, 100; read-cache-triggers.test.ts checks the database agrees), so a table added to a cached read
 * needs a new migration with its trigger and a line here.
 */
export const CACHED_TABLES: readonly string[] = [
  'clients',
  'media',
  'company_holding',
  'categories',
  'users',
  'companies',
  'holdings',
  'access_tokens',
  'requirement_defaults',
  'requirements',
  'checklist_items',
  'client_periods',
];
