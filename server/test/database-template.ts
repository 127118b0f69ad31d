// The test database is migrated (and seeded with the demo world) once per jest run, then cloned for each
// test file. Booting a fresh PGlite runs initdb (2–5 s on a busy machine), then 60+ migrations and the
// seed; loading a tarball of an already-migrated one takes about a second. On PostgreSQL a clone is
// `CREATE DATABASE … TEMPLATE …` (~50 ms against ~1 s for create + migrate + seed).
//
// Measured on the 2-core development machine (other jobs running):
//   PGlite      create 2.2–4.3 s, migrate 0.4 s, seed 0.45 s; loadDataDir of the dump 0.85–1.0 s
//               (uncompressed and gzip tarballs load alike; the uncompressed one skips the inflate)
//   PostgreSQL  create + migrate + seed ~1.0 s; TEMPLATE clone 40–100 ms (WAL_LOG, the v15 default),
//               FILE_COPY 620–710 ms (two checkpoints)
//
// jest's globalSetup (test/global-setup.ts) calls prepareTemplates() and leaves the answer in an
// environment variable that the workers inherit; createTestApp() clones from it. Without it (a file run
// under another config) createTestApp migrates a fresh database as before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import { PGliteDialect } from '../src/db/pglite-dialect.js';
import { Client } from 'pg';
import { loadConfig } from '../src/config.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openDatabase } from '../src/infra/db.js';
import { localDiskStorage } from '../src/infra/storage.js';
import { seedDemoWorld } from '../src/seed.js';
import type { Database } from '../src/db/schema.js';

const ENV = 'DOSAR_TEST_TEMPLATE';

export type Template =
  | { kind: 'pglite'; dir: string; empty: string; seeded: string; seededFiles: string }
  | { kind: 'postgres'; dir: string; adminUrl: string; empty: string; seeded: string; seededFiles: string };

export function currentTemplate(): Template | null {
  const raw = process.env[ENV];
  if (!raw) return null;
  const template = JSON.parse(raw) as Template;
  // A template left over from an earlier run (or another database) is ignored rather than trusted.
  if (template.kind === 'postgres' && template.adminUrl !== process.env.TEST_DATABASE_URL) return null;
  if (template.kind === 'pglite' && process.env.TEST_DATABASE_URL) return null;
  if (!fs.existsSync(template.dir)) return null;
  return template;
}

export const withDatabase = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function onAdmin<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Builds the two templates (migrated; migrated + demo world) and publishes them to the workers. */
export async function prepareTemplates(): Promise<Template> {
  // Both server projects (fast and slow lanes) have this globalSetup; one run prepares once.
  const existing = currentTemplate();
  if (existing) return existing;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-test-template-'));
  const seededFiles = path.join(dir, 'seeded-files');
  const storage = localDiskStorage(seededFiles);
  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: Template;
  if (adminUrl) {
    const stem = `dosar_tpl_${crypto.randomBytes(5).toString('hex')}`;
    const empty = `${stem}_empty`;
    const seeded = `${stem}_seeded`;
    await onAdmin(adminUrl, (client) => client.query(`create database ${empty}`));
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dir },
      { databaseUrl: withDatabase(adminUrl, empty), seedDemo: false },
    );
    let database = await openDatabase(config);
    await migrateToLatest(database.db);
    await database.close();
    // A template must have no open connection while it is copied.
    await onAdmin(adminUrl, (client) => client.query(`create database ${seeded} template ${empty}`));
    database = await openDatabase({ ...config, databaseUrl: withDatabase(adminUrl, seeded) });
    await seedDemoWorld({ db: database.db, storage });
    await database.close();
    template = { kind: 'postgres', dir, adminUrl, empty, seeded, seededFiles };
  } else {
    // Straight on PGlite (not openDatabase): the dump needs the PGlite handle itself.
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pglite = await PGlite.create({ extensions: { pg_trgm } });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    const dump = async (name: string) => {
      // A dump is a copy of the files of a running server: a clone starts with crash recovery, which
      // sets every sequence to its WAL-logged value, up to 32 ahead (ids 34, 35… after 5 rows; the
      // scale generator counts on the next id being max + 1). A checkpoint first makes the copy exact.
      await pglite.exec('checkpoint');
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    const empty = await dump('empty.tar');
    await seedDemoWorld({ db, storage });
    const seeded = await dump('seeded.tar');
    await db.destroy();
    template = { kind: 'pglite', dir, empty, seeded, seededFiles };
  }
  process.env[ENV] = JSON.stringify(template);
  return template;
}

/** Removes the templates of this run (globalTeardown). */
export async function dropTemplates(): Promise<void> {
  const template = currentTemplate();
  if (!template) return;
  delete process.env[ENV];
  if (template.kind === 'postgres') {
    await onAdmin(template.adminUrl, async (client) => {
      await client.query(`drop database if exists ${template.seeded} with (force)`);
      await client.query(`drop database if exists ${template.empty} with (force)`);
    });
  }
  fs.rmSync(template.dir, { recursive: true, force: true });
}

/**
 * A database for one test file: a clone of this run's template when there is one, else null (the caller
 * then migrates a fresh database). The demo world's stored files are copied into `filesDir`.
 */
export async function cloneTemplate(
  seeded: boolean,
  filesDir: string,
): Promise<{ pgliteImage?: Blob; databaseName?: string; adminUrl?: string } | null> {
  const template = currentTemplate();
  if (!template) return null;
  if (seeded) fs.cpSync(template.seededFiles, filesDir, { recursive: true });
  if (template.kind === 'pglite') {
    return { pgliteImage: new Blob([fs.readFileSync(seeded ? template.seeded : template.empty)]) };
  }
  const name = `dosar_test_${crypto.randomBytes(6).toString('hex')}`;
  const source = seeded ? template.seeded : template.empty;
  await onAdmin(template.adminUrl, (client) => client.query(`create database ${name} template ${source}`));
  return { databaseName: name, adminUrl: template.adminUrl };
}
