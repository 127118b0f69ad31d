import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/infra/db.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { localDiskStorage } from '../src/infra/storage.js';
import { memoryRateLimiter } from '../src/infra/rate-limit.js';
import type { Mailer, MailMessage } from '../src/infra/mailer.js';
import type { AppContext } from '../src/infra/context.js';
import type { QueueDb } from '../src/infra/queue-db.js';
import { systemClock, type Clock } from '../src/infra/clock.js';
import { buildApp, type BuildOptions } from '../src/app.js';
import { DEMO_PASSWORD, seedDemoWorld } from '../src/seed.js';
import { cloneTemplate, withDatabase } from './database-template.js';

/** A mailer that keeps messages in memory so tests can read them. */
export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
  to(address: string): MailMessage[];
}

export function memoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    to: (address) => sent.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mail: MemoryMailer;
  dataDir: string;
  /** The app's database for a job queue a test starts itself (infra/jobs.ts); tests start none by default. */
  queueDb: QueueDb;
  /** Signs in a demo (or any) user through POST /api/login; answers the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database per call: PGlite in memory, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL database created for this app. Cloned from the run's template (test/database-template.ts)
 * when jest's globalSetup prepared one, else migrated (and seeded) from scratch.
 */
export async function createTestApp(
  options: { seed?: boolean; config?: Partial<Config>; clock?: Clock } & BuildOptions = {},
): Promise<TestApp> {
  const bootStarted = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-test-'));
  const filesDir = path.join(dataDir, 'files');
  const seeded = options.seed !== false;
  const clone = await cloneTemplate(seeded, filesDir);
  let databaseUrl: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  const adminUrl = clone?.adminUrl ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    let name = clone?.databaseName;
    if (!name) {
      name = `dosar_test_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    }
    databaseUrl = withDatabase(adminUrl, name);
    dropDatabase = async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir },
    { databaseUrl, databaseInMemory: !databaseUrl, seedDemo: false, ...options.config },
  );
  const database = await openDatabase(config, { pgliteImage: clone?.pgliteImage });
  // A no-op on a clone (its migrations are recorded); the whole chain on a fresh database.
  await migrateToLatest(database.db);
  const mail = memoryMailer();
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer: mail,
    mailTransport: mail,
    limiter: memoryRateLimiter(),
    storage: localDiskStorage(filesDir),
    clock: options.clock ?? systemClock,
  };
  if (seeded && !clone) await seedDemoWorld(ctx);
  const app = await buildApp(ctx, { onRoute: options.onRoute, logStream: options.logStream });
  await app.ready();
  logBoot(clone ? 'clone' : 'fresh', seeded, database.kind, Date.now() - bootStarted);
  return {
    app,
    ctx,
    mail,
    dataDir,
    queueDb: database.queueDb,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await app.close();
      await database.close();
      if (dropDatabase) await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** DOSAR_TEST_BOOT_LOG=<file>: one line per createTestApp (test file, how, engine, ms), to measure boots. */
function logBoot(how: 'clone' | 'fresh', seeded: boolean, engine: string, ms: number): void {
  const log = process.env.DOSAR_TEST_BOOT_LOG;
  if (!log) return;
  const file = path.relative(process.cwd(), expect.getState().testPath ?? '?');
  fs.appendFileSync(log, `${file}\t${how}${seeded ? '+seed' : ''}\t${engine}\t${ms}\n`);
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
