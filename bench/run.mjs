#!/usr/bin/env node
// npm run bench — measures Dosar against references taken in the same run on the
// same machine and writes bench/results.md. Loopback only; every server it
// starts is stopped at the end. `--quick` shortens durations and sizes (smoke run).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { fmt, freePort, load, machine, root, rss, sampleMemory, sh, startNode } from './lib.mjs';
import { timeNpmStart } from './start-time.mjs';
import { AREAS as WIRE_AREAS, firstVisitBytes, launchChromium } from './wire-bytes.mjs';
import { saturate, tenantAccounts, throughput, workloadPool } from './mixed.mjs';
import { mixedRows } from './mixed-rows.mjs';
import { openLoop } from './open-loop.mjs';
import { addBaseline } from './baseline.mjs';
import { sectionReminders } from './reminders.mjs';
import { documentSearchSection } from './document-search.mjs';
import { sectionEfacturaImport } from './efactura-import.mjs';
import { uploadPageSection } from './upload-page.mjs';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const want = (section) => !only || only.includes(section);
const DURATION = quick ? 3 : 10;
const UPLOAD_BYTES = quick ? 64 * 2 ** 20 : 2 ** 30;
const ZIP_FILES = quick ? 100 : 1000;
// 1,000 files that add up to 1 GiB, 1,073,742 bytes each.
const ZIP_FILE_BYTES = quick ? 256 * 1024 : Math.ceil(2 ** 30 / ZIP_FILES);
const SMALL_DOCUMENTS = quick ? 10_000 : 100_000;
const KINDS = ['PGlite', 'PostgreSQL'];
const ROUNDS = quick ? 1 : 3;
// The mixed multi-tenant workload: 100 firms with their holdings. Each build's saturating throughput comes
// from MIXED_ROUNDS windows taken in turn with the other builds' (A B A B), after an uncounted warm-up; the
// open loop then runs one window at half the working tree's saturating rate.
const MIXED_COMPANIES = 100;
const MIXED_WINDOW = quick ? 3 : 30;
const MIXED_ROUNDS = 2;
const MIXED_OPEN_LOOP = quick ? 5 : 60;
const MIXED_WARMUP = quick ? 2 : 5;
// The build the working tree is compared with in the mixed section: the one before the speed-only pieces
// were removed, started with its read cache off (READ_CACHE=off, the only difference in its environment).
const BASELINE = process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length) ?? 'fdcf24e';
/**
 * The server's pieces that exist only for speed, each measured on and off in the mixed section: the
 * environment that switches it off and the database it works with. Target: with it on, ≥ 15 % more
 * saturating throughput or a p99 ≥ 25 % lower in the open loop.
 */
// Each piece kept for speed, measured on and off in the same run (PGlite's worker thread and the statistics
// keeper were measured here and did not pay: bench/results.md, History). A piece is
// { piece, off: { ENV: 'off' }, kind: 'PGlite' | 'PostgreSQL' }.
const SPEED_PIECES = [];
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const execFileAsync = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-bench-'));
const rows = [];
const notes = [];
const record = (section, metric, value, reference, ratio, target) =>
  rows.push({ section, metric, value, reference, ratio, target });

function serverEnv(dataDir, extra = {}) {
  return { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', UPLOAD_MAX_BYTES: String(4 * 2 ** 30), ...extra };
}

/**
 * The node arguments of `npm run serve -w server` in the checkout at `tree` (V8 flags, then the entry), so
 * the bench measures the server exactly as production starts it.
 */
const serveArgs = (tree) =>
  JSON.parse(fs.readFileSync(path.join(tree, 'server', 'package.json'), 'utf8'))
    .scripts.serve.split(/\s+/)
    .slice(1)
    .map((arg) => (arg.startsWith('-') ? arg : path.join(tree, 'server', arg)));

/** Starts the server built in the checkout at `tree` (this one unless told), signed in as the demo owner. */
async function startDosar(env, tree = root) {
  const port = await freePort();
  const proc = await startNode(
    serveArgs(tree),
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/api/health`,
    tree,
  );
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.ro', password: 'Demo1234!' }),
  }).then((r) => r.json());
  return { ...proc, base, token: login.token, companyId: login.user.company_id };
}

function seedScale(env, clients, documents) {
  execFileSync(
    'npx',
    ['tsx', 'server/src/cli/seed-scale.ts', '--clients', String(clients), '--documents', String(documents)],
    {
      cwd: root,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function post(s, url, body) {
  const res = await fetch(`${s.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** What a browser sends with every call (axios in Chromium): answers may come gzipped. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

async function apiFigures(s, label, { plain = false, month = false } = {}) {
  const company = `/api/company/${s.companyId}`;
  /** Loads one authenticated POST for DURATION seconds; non-2xx answers are noted. */
  const loadPost = async (name, url, body, extra = BROWSER) => {
    const r = await load({
      url: `${s.base}${url}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}`, ...extra },
      body: JSON.stringify(body),
      duration: DURATION,
    });
    if (r.errors) notes.push(`${label} ${name}: ${r.errors} errors/non-2xx of ${r.total}`);
    return r;
  };
  const list = await loadPost('list', `${company}/clients`, { page: 20, per_page: 50 });
  const page = await post(s, `${company}/clients`, { page: 1, per_page: 50, search: 'Scalare' });
  const clientId = page.data[7].id;
  const one = await loadPost('lookup', `${company}/clients/${clientId}`, {});
  const search = await loadPost('search', `${company}/clients`, { page: 1, per_page: 50, search: 'Scalare 00042' });
  // A term that only a few clients contain (every generated name shares "Client Scalare").
  const searchRare = await loadPost('search rare', `${company}/clients`, { page: 1, per_page: 50, search: '0004213' });
  // The same list for a client that takes no compression (curl, scripts): plain JSON.
  const listPlain = plain ? await loadPost('list plain', `${company}/clients`, { page: 20, per_page: 50 }, {}) : null;
  // The month's two reads (seed-scale gives every client the month's requirements).
  const period = thisMonth();
  const checklist = month ? await loadPost('checklist', `${company}/clients/${clientId}/checklist`, { period }) : null;
  const grid = month ? await loadPost('grid', `${company}/checklist`, { period, page: 20, per_page: 50 }) : null;
  return { list, one, search, searchRare, listPlain, checklist, grid, clientId };
}

async function helloWorld() {
  const port = await freePort();
  const script = path.join(work, 'hello.cjs');
  fs.writeFileSync(
    script,
    `const f=require(${JSON.stringify(path.join(root, 'node_modules/fastify'))})();f.get('/',async()=>({hello:'world'}));f.listen({port:${port},host:'127.0.0.1'});`,
  );
  const proc = await startNode([script], {}, `http://127.0.0.1:${port}/`);
  const r = await load({ url: `http://127.0.0.1:${port}/`, duration: DURATION });
  await proc.stop();
  return r;
}

/**
 * The ceiling of any call that asks the database once: bare Fastify answering each request with one
 * indexed one-row select from the same database the server used (PostgreSQL through a pool of 10, or
 * the server's PGlite files opened in the process, once the server has stopped).
 */
async function oneQueryCeiling(kind, databaseUrl, dataDir) {
  const port = await freePort();
  const script = path.join(work, `ceiling-${kind}.mjs`);
  const modules = path.join(root, 'node_modules');
  const openPGlite = `const { PGlite } = await import(${JSON.stringify(path.join(modules, '@electric-sql/pglite/dist/index.js'))});
         const { pg_trgm } = await import(${JSON.stringify(path.join(modules, '@electric-sql/pglite/dist/contrib/pg_trgm.js'))});
         const db = await PGlite.create({ dataDir: ${JSON.stringify(path.join(dataDir, 'db'))}, extensions: { pg_trgm } });`;
  let setup;
  if (kind === 'PostgreSQL') {
    setup = `const { default: pg } = await import(${JSON.stringify(path.join(modules, 'pg/lib/index.js'))});
         const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
         const query = () => pool.query('select id, name from clients where id = $1', [1]);`;
  } else {
    setup = `${openPGlite}
         const query = () => db.query('select id, name from clients where id = $1', [1]);`;
  }
  fs.writeFileSync(
    script,
    `${setup}
     const { default: Fastify } = await import(${JSON.stringify(path.join(modules, 'fastify/fastify.js'))});
     const f = Fastify();
     f.get('/', async () => ({ data: (await query()).rows }));
     await f.listen({ port: ${port}, host: '127.0.0.1' });`,
  );
  const proc = await startNode([script], {}, `http://127.0.0.1:${port}/`);
  const r = await load({ url: `http://127.0.0.1:${port}/`, duration: DURATION });
  await proc.stop();
  return r;
}

/** Streams a multipart body of files from disk to storeFiles; answers elapsed ms. */
function uploadFiles(s, clientId, files, fields) {
  const boundary = `----dosar${crypto.randomBytes(8).toString('hex')}`;
  async function* body() {
    for (const [k, v] of Object.entries(fields))
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    for (const f of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${path.basename(f)}"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      yield* fs.createReadStream(f, { highWaterMark: 1024 * 1024 });
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const url = new URL(`${s.base}/api/company/${s.companyId}/clients/${clientId}/storeFiles`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${s.token}` },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          res.statusCode < 300
            ? resolve(performance.now() - started)
            : reject(new Error(`upload ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    pipeline(Readable.from(body()), req).catch(reject);
  });
}

function writeFile(file, bytes) {
  const fd = fs.openSync(file, 'w');
  const chunk = crypto.randomBytes(2 ** 20);
  chunk.write('%PDF-1.4\n');
  for (let written = 0; written < bytes; written += chunk.length)
    fs.writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - written));
  fs.closeSync(fd);
}

/**
 * POSTs the collection with curl, which reads it to the end and discards it, like a browser saving a
 * file: time to first byte, total, bytes. A Node client reading 1 GiB in 64 KB 'data' events was itself
 * the bottleneck, and a noisy one (the same zip took 1.5–4.4 s through it, 0.9–1.2 s through curl).
 */
async function downloadZip(s, clientId) {
  const { stdout } = await execFileAsync('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '--max-time',
    '300',
    '-w',
    '%{http_code} %{time_starttransfer} %{time_total} %{size_download}',
    '-X',
    'POST',
    '-H',
    'content-type: application/json',
    '-H',
    `authorization: Bearer ${s.token}`,
    '--data',
    '{}',
    `${s.base}/api/company/${s.companyId}/clients/${clientId}/collection`,
  ]);
  const [status, ttfb, total, bytes] = stdout.trim().split(' ').map(Number);
  if (status !== 200) throw new Error(`zip ${status}`);
  return { ttfb: ttfb * 1000, total: total * 1000, bytes };
}

function timed(fn) {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

async function createClient(s, name) {
  const res = await post(s, `/api/company/${s.companyId}/createClient`, {
    name,
    cui: '18547290',
    email: 'bench@firma.ro',
  });
  return res.id ?? res.data?.id ?? res.client?.id;
}

/**
 * An empty database for one measurement: PGlite in the server's data dir, or a
 * new PostgreSQL database (dropped afterwards), a copy of the database `template` when named. Null when
 * PostgreSQL is down.
 */
async function benchDatabase(kind, template) {
  if (kind === 'PGlite') return { env: {}, drop: () => {} };
  const name = `dosar_bench_${crypto.randomBytes(4).toString('hex')}`;
  try {
    sh('psql', [PG_ADMIN, '-qc', `create database ${name}${template ? ` template ${template}` : ''}`]);
  } catch {
    notes.push(`PostgreSQL not reachable at ${PG_ADMIN}: its figures are missing`);
    return null;
  }
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    name,
    env: { DATABASE_URL: url.toString() },
    drop: () => sh('psql', [PG_ADMIN, '-qc', `drop database ${name} with (force)`]),
  };
}

/** Starts once (migrates, seeds the demo world), adds the scale rows, starts again. */
async function startSeeded(env, clients, documents) {
  const first = await startDosar(env);
  await first.stop();
  seedScale(env, clients, documents);
  return startDosar(env);
}

async function sectionApi() {
  // The reference is taken before and after each database's figures, and the best of them is used: a
  // hello-world slowed by a busy moment would flatter every ratio.
  const hellos = [await helloWorld()];
  const database = [];
  const results = {};
  for (const kind of KINDS) {
    const db = await benchDatabase(kind);
    if (!db) continue;
    const dataDir = path.join(work, `api-${kind}`);
    const env = serverEnv(dataDir, db.env);
    // The ceiling, like hello-world, is the best of a run before and one after the calls it measures: one
    // taken in a busy moment would flatter every ratio (this machine gave 6.0 and 11.3 thousand req/s).
    const first = await startDosar(env);
    await first.stop();
    seedScale(env, 10_000, SMALL_DOCUMENTS);
    const ceilings = [await oneQueryCeiling(kind, db.env.DATABASE_URL, dataDir)];
    const s = await startDosar(env);
    let figures;
    try {
      figures = await apiFigures(s, kind, { plain: true, month: true });
      // The 10,000-client zip the scale section compares with, on this same database.
      figures.zip = await zipFigures(s, `10k-${kind}`, db.env.DATABASE_URL);
    } finally {
      await s.stop();
    }
    ceilings.push(await oneQueryCeiling(kind, db.env.DATABASE_URL, dataDir));
    const ceiling = ceilings.reduce((best, c) => (c.rps > best.rps ? c : best));
    db.drop();
    // Every call against one indexed select on the same database, measured in the same run.
    const p99 = kind === 'PostgreSQL' ? ', p99 ≤ 25 ms' : '';
    for (const [metric, m] of [
      ['client list (page 20 of 50)', figures.list],
      ['client list (page 20 of 50), no Accept-Encoding (plain JSON)', figures.listPlain],
      ['one-client lookup', figures.one],
      ['client search', figures.search],
      ['client search for a distinctive term', figures.searchRare],
      ["one client's checklist of the month", figures.checklist],
      ['portfolio grid of the month (page 20 of 50)', figures.grid],
    ]) {
      const goal = /distinctive|plain/.test(metric) ? '—' : `≥ 25 %${p99}`;
      database.push([`${metric}, ${kind}`, m, ceiling, goal]);
    }
    database.push([
      `ceiling: bare Fastify + one indexed select per request on the same database, ${kind} (best of ${ceilings.map((c) => fmt.n(c.rps)).join(' / ')})`,
      ceiling,
      null,
      '—',
    ]);
    results[kind] = figures;
    hellos.push(await helloWorld());
  }
  const hello = hellos.reduce((best, h) => (h.rps > best.rps ? h : best));
  const versus = `${fmt.n(hello.rps)} req/s`;
  record(
    'API',
    `Fastify hello-world (reference: best of ${hellos.length} runs, ${hellos.map((h) => fmt.n(h.rps)).join(' / ')})`,
    `${fmt.n(hello.rps)} req/s, p99 ${fmt.ms(hello.p99)}`,
    '—',
    '—',
    '—',
  );
  for (const [label, m, ceiling, goal] of database) {
    record(
      'API',
      label,
      `${fmt.n(m.rps)} req/s, p99 ${fmt.ms(m.p99)}`,
      ceiling ? `ceiling ${fmt.n(ceiling.rps)} req/s` : versus,
      fmt.pct(m.rps / (ceiling ?? hello).rps),
      goal,
    );
  }
  return results;
}

/** Median of numbers. */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${fmt.s(Math.min(...xs))}–${fmt.s(Math.max(...xs))}`;

/**
 * Dirty pages written out first (and, on PostgreSQL, a checkpoint taken), so each timed run starts
 * from the same state instead of sharing the disk with the database's background writes.
 */
const settle = (databaseUrl) => {
  if (databaseUrl) sh('psql', [databaseUrl, '-qc', 'checkpoint']);
  sh('sync', []);
};

async function sectionUpload() {
  const dataDir = path.join(work, 'upload');
  const file = path.join(work, 'big.pdf');
  writeFile(file, UPLOAD_BYTES);
  // The company moves to the unlimited plan (seed:scale with nothing to add): the rounds store several GiB.
  const s = await startSeeded(serverEnv(dataDir), 0, 0);
  const copies = [];
  const uploads = [];
  let growth = 0;
  try {
    const clientId = await createClient(s, 'Client Upload Bench SRL');
    // Rounds alternate the copy and the upload; the medians are compared.
    for (let round = 0; round < ROUNDS; round++) {
      settle();
      copies.push(timed(() => fs.copyFileSync(file, path.join(work, 'big-copy.pdf'))));
      fs.rmSync(path.join(work, 'big-copy.pdf'));
      settle();
      const baseline = rss(s.pid);
      const mem = sampleMemory(s.pid);
      uploads.push(await uploadFiles(s, clientId, [file], { period: '2026-11' }));
      growth = Math.max(growth, mem.stop() - baseline);
    }
  } finally {
    await s.stop();
    fs.rmSync(file);
  }
  const copyMs = median(copies);
  const uploadMs = median(uploads);
  record(
    'Upload',
    `${fmt.mb(UPLOAD_BYTES)} through storeFiles (median of ${ROUNDS})`,
    `${fmt.s(uploadMs)} (${fmt.mb(UPLOAD_BYTES / (uploadMs / 1000))}/s; ${spread(uploads)})`,
    `cp: ${fmt.s(copyMs)} (${spread(copies)})`,
    fmt.pct(copyMs / uploadMs),
    '≥ 70 %',
  );
  record('Upload', 'server memory growth during upload', fmt.mb(growth), '—', '—', '≤ 64 MB');
}

async function zipFigures(s, label, databaseUrl) {
  const dir = path.join(work, `zipsrc-${label}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = [];
  for (let i = 0; i < ZIP_FILES; i++) {
    const f = path.join(dir, `document-${String(i).padStart(4, '0')}.pdf`);
    writeFile(f, ZIP_FILE_BYTES);
    files.push(f);
  }
  const clientId = await createClient(s, `Client Zip ${label} SRL`);
  for (let i = 0; i < files.length; i += 50)
    await uploadFiles(s, clientId, files.slice(i, i + 50), { period: '2026-10' });
  const refs = [];
  const downloads = [];
  let growth = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const ref = path.join(work, `ref-${label}.zip`);
    settle(databaseUrl);
    refs.push(timed(() => sh('zip', ['-0', '-r', '-q', ref, '.'], { cwd: dir })));
    fs.rmSync(ref, { force: true });
    settle(databaseUrl);
    const baseline = rss(s.pid);
    const mem = sampleMemory(s.pid);
    downloads.push(await downloadZip(s, clientId));
    growth = Math.max(growth, mem.stop() - baseline);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const totals = downloads.map((d) => d.total);
  return {
    total: median(totals),
    ttfb: median(downloads.map((d) => d.ttfb)),
    zipMs: median(refs),
    spread: spread(totals),
    refSpread: spread(refs),
    growth,
  };
}

async function sectionZip(kind) {
  const db = await benchDatabase(kind);
  if (!db) return null;
  const s = await startDosar(serverEnv(path.join(work, `zip-${kind}`), db.env));
  const z = await zipFigures(s, `small-${kind}`, db.env.DATABASE_URL).finally(() => s.stop());
  db.drop();
  const size = fmt.gib(ZIP_FILES * ZIP_FILE_BYTES);
  record(
    'Zip',
    `collection of ${ZIP_FILES} files / ${size}, ${kind} (median of ${ROUNDS})`,
    `${fmt.s(z.total)} (${z.spread})`,
    `zip -0 -r: ${fmt.s(z.zipMs)} (${z.refSpread})`,
    fmt.pct(z.zipMs / z.total),
    '≥ 70 %',
  );
  record('Zip', `time to first byte, ${kind}`, fmt.ms(z.ttfb), '—', '—', '< 200 ms');
  record('Zip', `server memory growth during zip, ${kind}`, fmt.mb(z.growth), '—', '—', 'flat (≤ 64 MB)');
  return z;
}

function gz(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

async function sectionFrontEnd() {
  // The production build measures the shell's initial JS (webpack.budgets.js) and writes it here.
  const budgets = JSON.parse(fs.readFileSync(path.join(root, 'shell', 'dist', 'budgets.json'), 'utf8'));
  const shellKb = budgets.find((b) => /initial/.test(b.name)).gzipBytes;
  record('Front end', 'shell initial JS (gzip)', fmt.kb(shellKb), '—', '—', '≤ 150 KB');
  for (const area of ['admin', 'company', 'client']) {
    const entry = path.join(root, `${area}-app`, 'dist', 'remoteEntry.js');
    record('Front end', `${area} remoteEntry.js (gzip)`, fmt.kb(gz(entry)), '—', '—', '≤ 15 KB');
  }
  const { chromium } = await import('playwright-core');
  const dataDir = path.join(work, 'fe');
  const env = serverEnv(dataDir);
  let s = await startDosar(env);
  await s.stop();
  seedScale(env, 10_000, 10_000);
  s = await startDosar(env);
  // The server stops even when Chromium can't start (a missing /usr/bin/chromium left it running).
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const page = await browser.newPage();
    let started = performance.now();
    await page.goto(`${s.base}/login`);
    await page.locator('input[type="email"]').first().waitFor({ state: 'visible' });
    const loginMs = performance.now() - started;
    record('Front end', 'navigation → usable login form (headless Chromium)', fmt.ms(loginMs), '—', '—', '—');
    await page.evaluate((token) => localStorage.setItem('bearer_token', token), s.token);
    const bytesByArea = { admin: 0, company: 0, client: 0 };
    page.on('response', async (res) => {
      const m = /\/remotes\/(admin|company|client)\/.+\.js$/.exec(new URL(res.url()).pathname);
      if (m) bytesByArea[m[1]] += zlib.gzipSync(await res.body().catch(() => Buffer.alloc(0))).length;
    });
    started = performance.now();
    await page.goto(`${s.base}/company/dashboard`);
    await page
      .getByText(/Client Scalare/)
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    const dashMs = performance.now() - started;
    record('Front end', 'navigation → company dashboard of 10,000 clients rendered', fmt.ms(dashMs), '—', '—', '—');
    record('Front end', 'company first screen JS (gzip, remote chunks)', fmt.kb(bytesByArea.company), '—', '—', '—');
    // The other two areas, each in a fresh browser profile so nothing comes from cache.
    for (const [area, email, url, text] of [
      ['admin', 'admin@demo.ro', '/admin/companies', /Contabil Demo SRL/],
      ['client', 'holding@demo.ro', '/client/dashboard', /Alfa Distribuție SRL/],
    ]) {
      const login = await fetch(`${s.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Demo1234!' }),
      }).then((r) => r.json());
      const context = await browser.newContext();
      const other = await context.newPage();
      let bytes = 0;
      other.on('response', async (res) => {
        if (new URL(res.url()).pathname.startsWith(`/remotes/${area}/`) && res.url().endsWith('.js'))
          bytes += zlib.gzipSync(await res.body().catch(() => Buffer.alloc(0))).length;
      });
      await other.goto(`${s.base}/login`);
      await other.evaluate((token) => localStorage.setItem('bearer_token', token), login.token);
      const areaStarted = performance.now();
      await other.goto(`${s.base}${url}`);
      await other.getByText(text).first().waitFor({ state: 'visible', timeout: 60_000 });
      const areaMs = performance.now() - areaStarted;
      await other.waitForLoadState('networkidle');
      record(
        'Front end',
        `${area} first screen JS (gzip, remote chunks), rendered in ${fmt.ms(areaMs)}`,
        fmt.kb(bytes),
        '—',
        '—',
        '—',
      );
      await context.close();
    }
    // Bytes on the wire of each area's first visit (static files, fresh profile): as sent (precompressed
    // brotli/gzip) against the same files sent as is (the server before it sent precompressed copies).
    for (const target of WIRE_AREAS) {
      // The scale seed's clients fill the company dashboard's first page.
      const text = target.area === 'company' ? /Client Scalare/ : target.text;
      const { wire, files } = await firstVisitBytes(browser, s.base, { ...target, text });
      record(
        'Front end',
        `${target.area} first visit, static bytes on the wire (reference: uncompressed)`,
        fmt.kb(wire),
        fmt.kb(files),
        `${(files / Math.max(wire, 1)).toFixed(1)}× smaller`,
        '—',
      );
    }
  } finally {
    await browser?.close();
    await s.stop();
  }
}

async function sectionScale(api) {
  const clients = quick ? 20_000 : 100_000;
  const documents = quick ? 100_000 : 1_000_000;
  for (const kind of KINDS) {
    const small = api?.[kind];
    const smallZip = small?.zip;
    const db = await benchDatabase(kind);
    if (!db) continue;
    const seedStarted = performance.now();
    const s = await startSeeded(serverEnv(path.join(work, `scale-${kind}`), db.env), clients, documents);
    record(
      'Scale',
      `seed:scale ${fmt.n(clients)} clients / ${fmt.n(documents)} documents, ${kind}`,
      fmt.s(performance.now() - seedStarted),
      '—',
      '—',
      '—',
    );
    let r;
    let z;
    try {
      r = await apiFigures(s, `scale ${kind}`, { month: true });
      z = await zipFigures(s, `scale-${kind}`, db.env.DATABASE_URL);
    } finally {
      await s.stop();
      db.drop();
    }
    const at = `${fmt.n(clients)} clients, ${kind}`;
    for (const [metric, big, base] of [
      ['list', r.list, small?.list],
      ['one-client lookup', r.one, small?.one],
      ['search ("Scalare 00042": every name shares "scalare")', r.search, small?.search],
      ['search for a distinctive term ("0004213")', r.searchRare, small?.searchRare],
      ["one client's checklist of the month", r.checklist, small?.checklist],
      ['portfolio grid of the month (page 20 of 50)', r.grid, small?.grid],
    ]) {
      record(
        'Scale',
        `${metric} at ${at}`,
        `${fmt.n(big.rps)} req/s, p99 ${fmt.ms(big.p99)}`,
        base ? `10,000 clients: ${fmt.n(base.rps)} req/s, p99 ${fmt.ms(base.p99)}` : '—',
        base ? `p99 ${(big.p99 / base.p99).toFixed(2)}×` : '—',
        '≤ 2×',
      );
    }
    record(
      'Scale',
      `zip of ${ZIP_FILES} files at ${at} / ${fmt.n(documents)} documents`,
      `${fmt.s(z.total)}, first byte ${fmt.ms(z.ttfb)}`,
      smallZip ? `10,000 clients: ${fmt.s(smallZip.total)}` : `zip -0 -r: ${fmt.s(z.zipMs)}`,
      smallZip ? `${(z.total / smallZip.total).toFixed(2)}×` : fmt.pct(z.zipMs / z.total),
      smallZip ? '≤ 2×' : '≥ 70 %',
    );
  }
}

/** The current month in Romania (YYYY-MM), the one seed:scale's documents start from. */
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit' }).format(
    new Date(),
  );

/** POSTs with curl, reading the answer to the end: status, time to first byte, total, bytes. */
async function curlPost(s, url, body = {}) {
  const { stdout } = await execFileAsync('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '--max-time',
    '120',
    '-w',
    '%{http_code} %{time_starttransfer} %{time_total} %{size_download}',
    '-X',
    'POST',
    '-H',
    'content-type: application/json',
    '-H',
    `authorization: Bearer ${s.token}`,
    '--data',
    JSON.stringify(body),
    `${s.base}${url}`,
  ]);
  const [status, ttfb, total, bytes] = stdout.trim().split(' ').map(Number);
  return { status, ttfb: ttfb * 1000, total: total * 1000, bytes };
}

const HANDOVER_DOCUMENTS = 500;

/**
 * A client with a closed month of 500 documents (uploaded 50 at a time, reviewed, then closed by the owner); its
 * proces-verbal downloaded ROUNDS times with the server's memory sampled.
 */
async function handoverFigures(s, label) {
  const dir = path.join(work, `handover-${label}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = [];
  for (let i = 0; i < HANDOVER_DOCUMENTS; i++) {
    const f = path.join(dir, `Factură fiscală ${String(i + 1).padStart(3, '0')} — țesături ș.a.pdf`);
    writeFile(f, 2048);
    files.push(f);
  }
  const period = thisMonth();
  const clientId = await createClient(s, `Client Predare ${label} SRL`);
  for (let i = 0; i < files.length; i += 50) await uploadFiles(s, clientId, files.slice(i, i + 50), { period });
  fs.rmSync(dir, { recursive: true, force: true });
  const clientUrl = `/api/company/${s.companyId}/clients/${clientId}`;
  // Only a whole month closes: what it owes marked not applicable, its documents accepted.
  for (const item of (await post(s, `${clientUrl}/checklist`, { period })).data) {
    await post(s, `${clientUrl}/checklist/${item.id}/not-applicable`, { note: 'Bench', pending_documents: 'keep' });
  }
  const { data: items, extra } = await post(s, `${clientUrl}/checklist`, { period });
  const pending = [...items.flatMap((item) => item.documents), ...extra]
    .filter((d) => d.review_status === 'pending')
    .map((d) => d.id);
  for (let i = 0; i < pending.length; i += 100) {
    await post(s, `/api/company/${s.companyId}/review`, { ids: pending.slice(i, i + 100), status: 'accepted' });
  }
  await post(s, `${clientUrl}/periods/${period}/close`, {});
  const runs = [];
  let growth = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const baseline = rss(s.pid);
    const mem = sampleMemory(s.pid);
    const r = await curlPost(s, `${clientUrl}/periods/${period}/handover`);
    growth = Math.max(growth, mem.stop() - baseline);
    if (r.status !== 200) throw new Error(`handover ${r.status}`);
    runs.push(r);
  }
  // The first call also reads the fonts from disk: reported apart from the median of the others.
  const [first, ...rest] = runs;
  return { first: first.total, total: median(rest.map((r) => r.total)), bytes: first.bytes, growth };
}

/** Each body posted once, one after another: the milliseconds each answer took. */
async function timedPosts(s, url, bodies) {
  const times = [];
  for (const body of bodies) {
    const started = performance.now();
    await post(s, url, body);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * The month side by side with the client list in one run: the firm's
 * portfolio grid of one month over 10,000 clients × 6 requirements against the client list, one
 * client's checklist against the one-client lookup, and the proces-verbal of a month of 500 documents.
 */
async function sectionMonth() {
  const period = thisMonth();
  for (const kind of KINDS) {
    const db = await benchDatabase(kind);
    if (!db) continue;
    const env = serverEnv(path.join(work, `month-${kind}`), db.env);
    const s = await startSeeded(env, 10_000, SMALL_DOCUMENTS);
    let figures;
    try {
      const company = `/api/company/${s.companyId}`;
      const loadPost = async (name, url, body) => {
        const r = await load({
          url: `${s.base}${url}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}`, ...BROWSER },
          body: JSON.stringify(body),
          duration: DURATION,
        });
        if (r.errors) notes.push(`month ${kind} ${name}: ${r.errors} errors/non-2xx of ${r.total}`);
        return r;
      };
      const page = await post(s, `${company}/clients`, { page: 1, per_page: 50, search: 'Scalare' });
      const clientId = page.data[7].id;
      // Side by side: each figure right after its reference, on the same warm server.
      const list = await loadPost('list', `${company}/clients`, { page: 20, per_page: 50 });
      const grid = await loadPost('grid', `${company}/checklist`, { period, page: 20, per_page: 50 });
      const one = await loadPost('lookup', `${company}/clients/${clientId}`, {});
      const checklist = await loadPost('checklist', `${company}/clients/${clientId}/checklist`, { period });
      // Pages read one at a time on the warm server: first (each client's month worked out and kept), then
      // again (kept).
      const pages = Array.from({ length: 20 }, (_, i) => ({ period, page: 30 + i, per_page: 50 }));
      const firstReads = await timedPosts(s, `${company}/checklist`, pages);
      const againReads = await timedPosts(s, `${company}/checklist`, pages);
      const handover = await handoverFigures(s, kind);
      figures = { list, grid, one, checklist, handover, firstReads, againReads };
    } finally {
      await s.stop();
      db.drop();
    }
    const { list, grid, one, checklist, handover, firstReads, againReads } = figures;
    // A call slower than the whole window under 50 connections completes nothing: said so, not "0 ms".
    const rate = (r) =>
      r.total === 0 ? `no answer within ${DURATION} s` : `${fmt.n(r.rps)} req/s, p99 ${fmt.ms(r.p99)}`;
    const ratio = (r, ref) => (r.total === 0 || ref.total === 0 ? '—' : `p99 ${(r.p99 / ref.p99).toFixed(2)}×`);
    record(
      'Month',
      `portfolio grid, one month of 10,000 clients × 6 requirements (page 20 of 50), ${kind}`,
      rate(grid),
      `client list (page 20 of 50): ${rate(list)}`,
      ratio(grid, list),
      '≤ 2×',
    );
    record(
      'Month',
      `portfolio grid, a page read for the first time (its 50 clients' months worked out and kept), one call at a time, ${kind} (median of ${firstReads.length} pages)`,
      fmt.ms(median(firstReads)),
      `the same pages read again (kept): ${fmt.ms(median(againReads))}`,
      `${(median(firstReads) / median(againReads)).toFixed(2)}×`,
      '—',
    );
    record(
      'Month',
      `one client's checklist of the month, ${kind}`,
      rate(checklist),
      `one-client lookup: ${rate(one)}`,
      ratio(checklist, one),
      '≤ 1.5×',
    );
    record(
      'Month',
      `proces-verbal PDF of a month of ${HANDOVER_DOCUMENTS} documents (${fmt.kb(handover.bytes)}), ${kind} (median of ${ROUNDS})`,
      fmt.ms(handover.total),
      `first call (reads the fonts): ${fmt.ms(handover.first)}`,
      '—',
      '< 1 s',
    );
    record(
      'Month',
      `server memory growth during the proces-verbal, ${kind}`,
      fmt.mb(handover.growth),
      '—',
      '—',
      'flat (≤ 64 MB)',
    );
  }
}

function seedTenants(env, companies, tree) {
  execFileSync('npx', ['tsx', 'server/src/cli/seed-tenants.ts', '--companies', String(companies)], {
    cwd: tree,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Two server instances behind one port (bench/two-instances.mjs, a cluster primary) of the server built in
 * the checkout at `tree`: resolves once both listen, not only the first that answers the health URL.
 */
async function startTwoInstances(env, tree) {
  const port = await freePort();
  const ready = path.join(work, `two-instances-${port}.ready`);
  const proc = await startNode(
    [path.join(root, 'bench', 'two-instances.mjs'), ...serveArgs(tree)],
    { ...env, PORT: String(port), HOST: '127.0.0.1', BENCH_READY_FILE: ready },
    `http://127.0.0.1:${port}/api/health`,
    tree,
  );
  const until = Date.now() + 120_000;
  while (!fs.existsSync(ready)) {
    if (Date.now() > until) {
      await proc.stop();
      throw new Error('the second instance did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { ...proc, base: `http://127.0.0.1:${port}` };
}

/**
 * The mixed section's database for one server: migrated with the demo world by the build at `tree`, then
 * the tenants added (seedMs), or, given `from`, a copy of that one (data folder and PostgreSQL database).
 */
async function tenantsDatabase(kind, name, tree, from) {
  const db = await benchDatabase(kind, from?.db.name);
  if (!db) return null;
  const dataDir = path.join(work, `mixed-${kind}-${name}`);
  const env = serverEnv(dataDir, db.env);
  if (from) {
    fs.cpSync(from.dataDir, dataDir, { recursive: true });
    return { db, dataDir, env };
  }
  const first = await startDosar(env, tree);
  await first.stop();
  const started = performance.now();
  seedTenants(env, MIXED_COMPANIES, tree);
  return { db, dataDir, env, seedMs: performance.now() - started };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One database kind's run. Its servers, each on its own copy of the tenants' database, run side by side:
 * the working tree, the baseline build (READ_CACHE=off) and the working tree with each speed-only piece of
 * this kind switched off. After the sign-ins and an uncounted warm-up of each, their saturation windows
 * take turns (A B C A B C…); then the open loop at half the working tree's saturating rate runs on each
 * but the baseline, one after the other. The one-select ceiling is taken before the servers start and
 * after they stop, on the working tree's database.
 */
async function mixedFigures(kind, baseline) {
  const twoInstances = kind === 'PostgreSQL';
  const pieces = SPEED_PIECES.filter((p) => p.kind === kind);
  const databases = [];
  try {
    const current = await tenantsDatabase(kind, 'current', root);
    if (!current) return null;
    databases.push(current);
    const builds = [{ name: 'current', tree: root, env: current.env }];
    const base = await tenantsDatabase(kind, 'baseline', baseline.root);
    if (!base) return null;
    databases.push(base);
    builds.push({ name: 'baseline', tree: baseline.root, env: { ...base.env, READ_CACHE: 'off' } });
    for (const [i, p] of pieces.entries()) {
      const copy = await tenantsDatabase(kind, `piece-${i}`, root, current);
      databases.push(copy);
      builds.push({ name: p.piece, tree: root, env: { ...copy.env, ...p.off }, piece: p });
    }
    const ceilings = [await oneQueryCeiling(kind, current.db.env.DATABASE_URL, current.dataDir)];
    const period = thisMonth();
    try {
      for (const b of builds) {
        b.server = twoInstances ? await startTwoInstances(b.env, b.tree) : await startDosar(b.env, b.tree);
        b.pool = workloadPool(await tenantAccounts(b.server.base, MIXED_COMPANIES), period);
        b.windows = [];
      }
      for (const b of builds) await saturate({ base: b.server.base, pool: b.pool, duration: MIXED_WARMUP });
      for (let round = 0; round < MIXED_ROUNDS; round++)
        for (const b of builds)
          b.windows.push(await saturate({ base: b.server.base, pool: b.pool, duration: MIXED_WINDOW }));
      const rate = throughput(builds[0].windows) / 2;
      for (const b of builds)
        if (b.name !== 'baseline')
          b.open = await openLoop({ base: b.server.base, pool: b.pool, rate, duration: MIXED_OPEN_LOOP });
      // A server gone before the end turns the rest of its windows into connection errors: said so.
      for (const b of builds)
        if (!alive(b.server.pid)) notes.push(`mixed ${kind} ${b.name}: the server exited during the run`);
    } finally {
      for (const b of builds) await b.server?.stop();
    }
    ceilings.push(await oneQueryCeiling(kind, current.db.env.DATABASE_URL, current.dataDir));
    return { builds, ceilings, seedMs: current.seedMs, accounts: builds[0].pool.accounts };
  } finally {
    for (const d of databases) d.db.drop();
  }
}

/**
 * The mixed multi-tenant workload: 100 firms with their holdings (seed:tenants), 90 % reads (client list,
 * client view, checklist, grid, review inbox) and 10 % writes (one-file uploads, reviews, client edits),
 * each request a random tenant; on PGlite with one server and on PostgreSQL with two instances behind one
 * port. Figures: the saturating throughput against the one-select ceiling and against the baseline build,
 * what a user waits in an open loop at half that rate, and each speed-only piece on and off.
 */
async function sectionMixed() {
  const baseline = addBaseline(BASELINE, path.join(work, 'baseline'));
  try {
    for (const kind of KINDS) {
      const r = await mixedFigures(kind, baseline);
      if (!r) continue;
      const how = {
        companies: MIXED_COMPANIES,
        window: MIXED_WINDOW,
        rounds: MIXED_ROUNDS,
        warmup: MIXED_WARMUP,
        openLoop: MIXED_OPEN_LOOP,
        baseline: baseline.commit,
      };
      const figures = mixedRows(kind, r, how);
      for (const row of figures.rows) record('Mixed', ...row);
      notes.push(...figures.notes);
    }
  } finally {
    baseline.remove();
  }
}

/**
 * `npm start` as a person runs it, twice on one data folder: the first builds what changed since the
 * last start (everything after `npm run build`) and creates and seeds the database; the second finds
 * nothing to build and an existing database.
 */
async function sectionStart() {
  const env = { DATA_DIR: path.join(work, 'start-data') };
  const first = await timeNpmStart({ port: await freePort(), env });
  const second = await timeNpmStart({ port: await freePort(), env });
  if (first.seconds === null || second.seconds === null) throw new Error(`npm start did not answer (${first.logFile})`);
  record(
    'Start',
    'npm start, first (builds what changed, creates and seeds the database)',
    `${first.seconds.toFixed(1)} s`,
    '—',
    '—',
    '—',
  );
  record(
    'Start',
    'npm start again, nothing changed',
    `${second.seconds.toFixed(1)} s`,
    `first start: ${first.seconds.toFixed(1)} s`,
    fmt.pct(second.seconds / first.seconds),
    '< 20 s',
  );
}

/**
 * POST documents/search, open loop, at 10,000 documents and at 1,000,000 (quick: 200,000) of one firm in
 * the same run, on PostgreSQL (bench/document-search.mjs). Target: the large p99 within 2× the small one.
 */
async function sectionDocumentSearch() {
  const db = await benchDatabase('PostgreSQL');
  if (!db) return;
  const dataDir = path.join(work, 'document-search');
  try {
    const sizes = [10_000, quick ? 200_000 : 1_000_000];
    const [small, large] = await documentSearchSection({
      start: () => startDosar(serverEnv(dataDir, db.env)),
      db,
      sizes,
      rate: 50,
      duration: quick ? 5 : 20,
    });
    const ratio = small.p99 > 0 ? large.p99 / small.p99 : 0;
    const figure = (f) => `p99 ${fmt.ms(f.p99)} (p50 ${fmt.ms(f.p50)}, ${f.count} searches, ${f.failed} failed)`;
    record(
      'Document-search',
      `search at ${large.size.toLocaleString('en')} documents, open loop 50/s (PostgreSQL)`,
      figure(large),
      `at ${small.size.toLocaleString('en')}: ${figure(small)}`,
      `${ratio.toFixed(2)}×`,
      '≤ 2×',
    );
  } finally {
    db.drop();
  }
}

async function main() {
  // Only the front-end section reads the apps' builds (`--only=month` needs the server's alone).
  const build =
    want('frontend') && !fs.existsSync(path.join(root, 'shell', 'dist', 'index.html'))
      ? ['run', 'build']
      : !fs.existsSync(path.join(root, 'server', 'dist', 'index.js'))
        ? ['run', 'build', '-w', 'server']
        : null;
  if (build) {
    console.log(`Building first (npm ${build.join(' ')})…`);
    execFileSync('npm', build, { cwd: root, stdio: 'inherit' });
  }
  const started = Date.now();
  const failed = [];
  // A failing section is reported and the others still run.
  const run = async (section, fn) => {
    if (!want(section)) return undefined;
    console.log(`— ${section}`);
    try {
      return await fn();
    } catch (error) {
      failed.push(section);
      notes.push(`section ${section} failed: ${error.message}`);
      console.error(error);
      return undefined;
    }
  };
  const api = await run('api', sectionApi);
  await run('upload', sectionUpload);
  await run('zip', async () => ({
    PGlite: await sectionZip('PGlite'),
    PostgreSQL: await sectionZip('PostgreSQL'),
  }));
  await run('frontend', sectionFrontEnd);
  await run('scale', () => sectionScale(api));
  await run('month', sectionMonth);
  await run('reminders', () => sectionReminders({ quick, work, pgAdmin: PG_ADMIN, record, notes }));
  await run('mixed', sectionMixed);
  await run('start', sectionStart);
  await run('document-search', sectionDocumentSearch);
  await run('efactura-import', () => sectionEfacturaImport({ quick, work, record }));
  await run('upload-page', async () => {
    const { chromium } = await import('playwright-core');
    return uploadPageSection({
      startDosar,
      serverEnv,
      work,
      record,
      fmt,
      quick,
      launch: () => launchChromium(chromium),
    });
  });
  const out = path.join(root, 'bench', quick ? 'results-quick.md' : 'results.md');
  const runLine = `Run: ${new Date().toISOString()}${quick ? ' (quick mode: smaller sizes)' : ''}, ${((Date.now() - started) / 1000).toFixed(0)} s`;
  const earlier = only ? earlierRun(out, only) : null;
  const lines = [
    '# Dosar — benchmark results',
    '',
    earlier
      ? `Machine: ${machine()}. ${runLine} (sections ${only.join(', ')}); the other rows: ${earlier.run}.`
      : `Machine: ${machine()}. ${runLine}.`,
    `Load: autocannon, 50 connections, ${DURATION} s per figure after 2 s of uncounted warm-up, loopback; API calls carry a browser's accept-encoding: gzip, deflate, br (one list row without it). Zips are downloaded by curl. The mixed section's rows say how each was loaded (closed or open loop). Each ratio compares with a reference measured in the same run.`,
    '',
    '| section | figure | value | reference | ratio | target |',
    '|---|---|---|---|---|---|',
    ...mergeRows(
      rows.map((r) => `| ${r.section} | ${r.metric} | ${r.value} | ${r.reference} | ${r.ratio} | ${r.target} |`),
      earlier?.rows ?? [],
    ),
    '',
    ...(notes.length ? ['Notes:', ...notes.map((n) => `- ${n}`), ''] : []),
  ];
  console.log(lines.join('\n'));
  // The history below the table (what was tried and measured, and why it went) outlives every run.
  const previous = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  const history = previous.indexOf('\n## History');
  fs.writeFileSync(out, lines.join('\n') + (history >= 0 ? previous.slice(history) : ''));
  console.log(`\nwritten to ${path.relative(root, out)}`);
  if (failed.length) {
    console.error(`failed sections: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

/** The order of the sections in results.md (the names `--only` takes, as the table spells them). */
const SECTION_ORDER = [
  'api',
  'upload',
  'zip',
  'frontend',
  'scale',
  'month',
  'reminders',
  'mixed',
  'start',
  'document-search',
  'upload-page',
  'efactura-import',
];
const sectionKey = (row) => row.split('|')[1].trim().toLowerCase().replace(/\s+/g, '');

/**
 * A partial run (`--only=month`) keeps the rows of the sections it did not run from the results file
 * and says when those were measured; each row's ratio was taken within its own run.
 */
function earlierRun(file, sections) {
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const run = /Run: (\S+?),? /.exec(text)?.[1] ?? 'an earlier run';
  // The results table only: the History below it has tables of its own, which must not be copied up.
  const table = text.slice(text.indexOf('| section |')).split('\n\n')[0];
  const rows = table
    .split('\n')
    .filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| section '))
    .filter((line) => !sections.includes(sectionKey(line)));
  return { run: /the other rows/.test(text) ? 'earlier runs' : `run ${run}`, rows };
}

/** This run's rows and the kept ones, section by section in the usual order. */
function mergeRows(fresh, kept) {
  const rank = (row) => {
    const i = SECTION_ORDER.indexOf(sectionKey(row));
    return i === -1 ? SECTION_ORDER.length : i;
  };
  return [...kept, ...fresh]
    .map((row, i) => ({ row, i }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.i - b.i)
    .map((r) => r.row);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(work, { recursive: true, force: true }));
