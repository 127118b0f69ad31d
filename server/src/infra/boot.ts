import path from 'node:path';
import type { Config } from '../config.js';
import type { AppContext } from './context.js';
import { migrateToLatest, openDatabase } from './db.js';
import { createMailer } from './mailer.js';
import { memoryRateLimiter, redisRateLimiter } from './rate-limit.js';
import { localDiskStorage, type Storage } from './storage.js';
import { s3Storage } from './storage-s3.js';
import { seedDemoWorld } from '../seed.js';

export interface Booted {
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens every piece of infrastructure, migrates and (first start only) seeds the demo world. */
export async function boot(config: Config): Promise<Booted> {
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const limiter = config.redisUrl ? await redisRateLimiter(config.redisUrl) : memoryRateLimiter();
  const mailer = createMailer(config);
  const storage: Storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'files'));
  const ctx: AppContext = { config, db: database.db, dbKind: database.kind, mailer, limiter, storage };
  if (config.seedDemo) await seedDemoWorld(ctx);
  return {
    ctx,
    async close() {
      await limiter.close();
      await mailer.close();
      await database.close();
    },
  };
}
