import path from 'node:path';
import type { Config } from '../config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db.js';
import type { QueueDb } from './queue-db.js';
import { createMailer } from './mailer.js';
import { outboxMailer } from './outbox.js';
import { memoryRateLimiter, redisRateLimiter } from './rate-limit.js';
import { localDiskStorage, type Storage } from './storage.js';
import { s3Storage } from './storage-s3.js';
import { sweepOrphanFiles } from './orphans.js';
import { systemClock } from './clock.js';

/** What the composition root (index.ts) hands to boot: infrastructure knows no feature and no migration. */
export interface BootSteps {
  /** Brings the schema up to date (db/migrate.ts). */
  migrate(db: AppContext['db']): Promise<unknown>;
  /** Seeds the demo world when DEMO data is on (the first start only: it does nothing once a user exists). */
  seedDemo(ctx: AppContext): Promise<unknown>;
}

export interface Booted {
  ctx: AppContext;
  /** The same database for the job queue (buildApp's `queueDb`). */
  queueDb: QueueDb;
  close(): Promise<void>;
}

/** Opens every piece of infrastructure, migrates and (first start only) seeds the demo world. */
export async function boot(config: Config, steps: BootSteps): Promise<Booted> {
  const startedAt = Date.now();
  const database = await openDatabase(config);
  await steps.migrate(database.db);
  const limiter = config.redisUrl ? await redisRateLimiter(config.redisUrl) : memoryRateLimiter();
  const mailTransport = createMailer(config);
  // Every e-mail is a row in the outbox first, so a mail server that is down loses nothing.
  const mailer = outboxMailer(database.db);
  const storage: Storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'files'));
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    mailTransport,
    limiter,
    storage,
    clock: systemClock,
  };
  if (config.seedDemo) await steps.seedDemo(ctx);
  if (!config.s3) {
    // A crash mid-upload leaves files without rows: the embedded database means no other process writes here,
    // so everything older than this boot goes; on PostgreSQL other instances may be uploading, so a day's grace.
    const cutoff = new Date(database.kind === 'pglite' ? startedAt : startedAt - 24 * 3600_000);
    const removed = await sweepOrphanFiles(database.db, path.join(config.dataDir, 'files'), cutoff);
    if (removed.length) console.warn(`[dosar] fișiere orfane șterse la pornire: ${removed.length}`);
  }
  return {
    ctx,
    queueDb: database.queueDb,
    async close() {
      await limiter.close();
      await mailTransport.close();
      await database.close();
    },
  };
}
