import { gzipSync } from 'node:zlib';

/**
 * Hot read cache: the serialized answers of the busiest reads (a company's client list and client
 * view, kept plain and gzipped) and the signed-in actor of each token, kept in this process so a
 * repeated read costs no query.
 *
 * Nothing stale outlives a change:
 * - a write through this process (a request, a CLI step, a background job) drops the whole cache when it
 *   commits — a statement on its own as soon as it ran, a transaction at its commit — before its caller
 *   goes on (writeTrackingDialect), so the writer reads its own write on the next call;
 * - triggers (migration 060, on the tables of CACHED_TABLES in cache-writes.ts) NOTIFY `dosar_cache` after every commit that changes a row the cached
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

// The write tracking (cache-writes.ts) and the HTTP side (cached-answer.ts), for the callers that know this module.
export { CACHED_TABLES, writeTrackingDialect, type TrackingOptions } from './cache-writes.js';
export { acceptsGzip, cachedAnswer, registerReadCache } from './cached-answer.js';
