import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limit.js';
import type { Storage } from './storage.js';

/** Everything a feature needs from infrastructure; built once at boot. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** What features send with: in a running server it queues in the mail outbox (infra/outbox.ts). */
  mailer: Mailer;
  /** What actually delivers (SMTP or .eml files); only the outbox worker uses it. */
  mailTransport: Mailer;
  limiter: RateLimiter;
  storage: Storage;
  /** "Now" for background work and expiries (infra/clock.ts); tests replace it. */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
