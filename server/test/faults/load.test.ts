/**
 * Load: 100 concurrent users for 60 seconds against a real server
 * process on loopback — signing in, listing, uploading, downloading and
 * zipping — must see 0 errors; afterwards every uploaded file is downloaded
 * again and its SHA-256 compared, and storage and media rows match one to
 * one. Bounded: the users stop at the deadline, the server is killed at the
 * end whatever happens. The embedded database by default; PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { openDatabase } from '../../src/infra/db.js';
import { tinyPdf } from '../../src/seed.js';
import { reportSummary } from '../security/harness.js';
import { readZip } from '../zip-reader.js';
import {
  freshPostgres,
  http as call,
  startServer,
  storedKeys,
  type HttpAnswer,
  type ServerProcess,
} from './server-process.js';

const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const REQUEST_TIMEOUT_MS = 60_000;

const sha = (b: Buffer): string => crypto.createHash('sha256').update(b).digest('hex');

let server: ServerProcess | null = null;
let dropDb: (() => Promise<void>) | null = null;
afterAll(async () => {
  await server?.kill();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await dropDb?.();
});

interface VirtualUser {
  email: string;
  area: 'company' | 'holding';
  tenantId: number;
  token: string;
  clients: number[];
  uploads: { id: number; client: number; sha: string }[];
}

interface Uploaded {
  id: number;
  client: number;
  sha: string;
  area: 'company' | 'holding';
  tenantId: number;
}

test(
  `${USERS} users for ${SECONDS} s: sign-in, lists, uploads, downloads, zips — 0 errors, every file intact`,
  async () => {
    const pg = await freshPostgres();
    dropDb = pg?.drop ?? null;
    const env: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
    // first start: migrate and seed; then add the load users straight in the database
    server = await startServer({ env });
    await server.stop();
    const database = await openDatabase({
      databaseUrl: pg?.url ?? null,
      dataDir: server.dataDir,
      databaseInMemory: false,
    });
    const { db } = database;
    const hash = (
      await db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'owner@demo.ro')
        .executeTakeFirstOrThrow()
    ).password_hash;
    const companies = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((c) => c.id);
    const holdings = (await db.selectFrom('holdings').select('id').orderBy('id').execute()).map((h) => h.id);
    // plan limits are not what this measures
    await db.updateTable('plans').set({ max_clients: null, max_users: null, max_storage_bytes: null }).execute();
    const people: { email: string; area: 'company' | 'holding'; tenantId: number }[] = [];
    for (let i = 0; i < USERS; i++) {
      const area = i % 2 === 0 ? 'company' : 'holding';
      const tenantId = area === 'company' ? companies[i % 4 < 2 ? 0 : 1] : holdings[i % 4 < 2 ? 0 : 1];
      const role = area === 'company' ? (i % 3 === 0 ? 3 : 2) : i % 3 === 0 ? 5 : 4;
      const email = `load${i}@example.ro`;
      await db
        .insertInto('users')
        .values({
          name: `Încărcare ${i}`,
          email,
          password_hash: hash,
          role,
          company_id: area === 'company' ? tenantId : null,
          holding_id: area === 'holding' ? tenantId : null,
        })
        .execute();
      people.push({ email, area, tenantId });
    }
    await database.close();
    server = await startServer({ dataDir: server.dataDir, env });
    const base = server.url;

    const counts = { signIn: 0, list: 0, upload: 0, download: 0, zip: 0, user: 0 };
    const errors: string[] = [];
    let requests = 0;
    const uploaded: Uploaded[] = [];
    const request = async (
      label: string,
      url: string,
      init: RequestInit & { token?: string } = {},
    ): Promise<HttpAnswer | null> => {
      requests += 1;
      const res = await call(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (res.status < 200 || res.status >= 300) {
        errors.push(`${label}: ${res.status} ${res.text().slice(0, 160)}`);
        return null;
      }
      return res;
    };

    const signIn = async (vu: VirtualUser): Promise<boolean> => {
      counts.signIn += 1;
      const res = await request(`sign-in ${vu.email}`, `${base}/api/login`, {
        method: 'POST',
        body: JSON.stringify({ email: vu.email, password: 'Demo1234!' }),
      });
      if (!res) return false;
      const token = res.json<{ token?: unknown }>().token;
      if (typeof token !== 'string' || !token) {
        errors.push(`sign-in ${vu.email}: ${res.status} without a token: ${res.text().slice(0, 160)}`);
        return false;
      }
      vu.token = token;
      return true;
    };
    const listClients = async (vu: VirtualUser): Promise<void> => {
      counts.list += 1;
      const url =
        vu.area === 'company'
          ? `${base}/api/company/${vu.tenantId}/clients`
          : `${base}/api/holding/${vu.tenantId}/index`;
      const res = await request(`list ${vu.email}`, url, {
        method: 'POST',
        token: vu.token,
        body: JSON.stringify({ per_page: 50 }),
      });
      if (res) vu.clients = res.json<{ data: { id: number }[] }>().data.map((c) => c.id);
    };
    const prefix = (vu: VirtualUser): string => `${base}/api/${vu.area}/${vu.tenantId}/clients`;
    const upload = async (vu: VirtualUser): Promise<void> => {
      if (!vu.clients.length) return listClients(vu);
      counts.upload += 1;
      const client = vu.clients[Math.floor(Math.random() * vu.clients.length)];
      const bytes = Buffer.concat([
        tinyPdf(`${vu.email} ${Date.now()}`),
        crypto.randomBytes(1024 + Math.floor(Math.random() * 150 * 1024)),
      ]);
      const form = new FormData();
      form.append('period', '2026-06');
      form.append('files[]', new Blob([bytes], { type: 'application/pdf' }), `sarcina ${counts.upload}.pdf`);
      const res = await request(`upload ${vu.email}`, `${prefix(vu)}/${client}/storeFiles`, {
        method: 'POST',
        token: vu.token,
        body: form,
      });
      if (!res) return;
      const row = res.json<{ data: { id: number; sha256: string }[] }>().data[0];
      if (row.sha256 !== sha(bytes))
        errors.push(`upload ${vu.email}: the server hashed ${row.sha256}, the file is ${sha(bytes)}`);
      vu.uploads.push({ id: row.id, client, sha: sha(bytes) });
      uploaded.push({ id: row.id, client, sha: sha(bytes), area: vu.area, tenantId: vu.tenantId });
    };
    const download = async (vu: VirtualUser): Promise<void> => {
      const mine = vu.uploads[Math.floor(Math.random() * vu.uploads.length)];
      if (!mine) return upload(vu);
      counts.download += 1;
      const res = await request(`download ${vu.email}`, `${prefix(vu)}/${mine.client}/media/${mine.id}`, {
        method: 'POST',
        token: vu.token,
      });
      if (res && sha(res.body) !== mine.sha) errors.push(`download ${vu.email} #${mine.id}: checksum differs`);
    };
    const zip = async (vu: VirtualUser): Promise<void> => {
      const mine = vu.uploads.slice(-5);
      if (!mine.length) return upload(vu);
      counts.zip += 1;
      const client = mine[mine.length - 1].client;
      const chosen = mine.filter((u) => u.client === client);
      const res = await request(`zip ${vu.email}`, `${prefix(vu)}/${client}/collection`, {
        method: 'POST',
        token: vu.token,
        body: JSON.stringify({ ids: chosen.map((u) => u.id) }),
      });
      if (!res) return;
      const got = readZip(res.body)
        .map((e) => sha(e.data))
        .sort();
      const want = chosen.map((u) => u.sha).sort();
      if (JSON.stringify(got) !== JSON.stringify(want))
        errors.push(`zip ${vu.email}: ${got.length} entries, expected ${want.length}, or the bytes differ`);
    };
    const me = async (vu: VirtualUser): Promise<void> => {
      counts.user += 1;
      await request(`user ${vu.email}`, `${base}/api/user`, { token: vu.token });
    };

    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const run = async (person: (typeof people)[number]): Promise<void> => {
      const vu: VirtualUser = { ...person, token: '', clients: [], uploads: [] };
      virtualUsers.push(vu);
      // spread the first sign-ins over a second, like people arriving
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      if (!(await signIn(vu))) return;
      await listClients(vu);
      for (let i = 1; Date.now() < deadline; i++) {
        const roll = Math.random();
        // A refused re-login (throttled, …) is already an error with its status; this user stops
        // rather than carry on with a token it does not have.
        if (i % 25 === 0) {
          if (!(await signIn(vu))) return;
        } else if (roll < 0.3) await listClients(vu);
        else if (roll < 0.6) await upload(vu);
        else if (roll < 0.8) await download(vu);
        else if (roll < 0.92) await zip(vu);
        else await me(vu);
      }
    };
    const virtualUsers: VirtualUser[] = [];
    await Promise.all(people.map(run));
    const elapsed = (Date.now() - started) / 1000;
    const alive = !server.exited();

    // afterwards: every uploaded file, downloaded again by an account of its tenant — with a token one of
    // its users already holds (a burst of fresh sign-ins would meet the login throttle), else a sign-in
    // that is checked: a refused one stops the test with its status, never goes on as `Bearer undefined`.
    const verifiers = new Map<string, string>();
    for (const vu of virtualUsers) if (vu.token) verifiers.set(`${vu.area}:${vu.tenantId}`, vu.token);
    const verifierFor = async (u: Uploaded): Promise<string> => {
      const key = `${u.area}:${u.tenantId}`;
      const known = verifiers.get(key);
      if (known) return known;
      const person = people.find((p) => p.area === u.area && p.tenantId === u.tenantId) as (typeof people)[number];
      const res = await call(`${base}/api/login`, {
        method: 'POST',
        body: JSON.stringify({ email: person.email, password: 'Demo1234!' }),
      });
      const token = res.status === 200 ? res.json<{ token?: unknown }>().token : undefined;
      if (typeof token !== 'string' || !token)
        throw new Error(`sign-in of ${person.email} to check the uploads: ${res.status} ${res.text().slice(0, 160)}`);
      verifiers.set(key, token);
      return token;
    };
    let verified = 0;
    const queue = [...uploaded];
    const verify = async (): Promise<void> => {
      for (let u = queue.shift(); u; u = queue.shift()) {
        const token = await verifierFor(u);
        const res = await call(`${base}/api/${u.area}/${u.tenantId}/clients/${u.client}/media/${u.id}`, {
          method: 'POST',
          token,
        });
        if (res.status !== 200 || sha(res.body) !== u.sha)
          errors.push(
            `after the load, #${u.id}: ${res.status} ${res.status === 200 ? 'checksum differs' : res.text().slice(0, 100)}`,
          );
        else verified += 1;
      }
    };
    await Promise.all(Array.from({ length: 8 }, verify));

    // storage and rows one to one
    await server.stop();
    const check = await openDatabase({
      databaseUrl: pg?.url ?? null,
      dataDir: server.dataDir,
      databaseInMemory: false,
    });
    const rows = await check.db.selectFrom('media').select(['id', 'storage_key']).execute();
    await check.close();
    const files = new Set(storedKeys(server.dataDir));
    const keys = new Set(rows.map((r) => r.storage_key));
    for (const r of rows) if (!files.has(r.storage_key)) errors.push(`row ${r.id} without its file`);
    for (const f of files) if (!keys.has(f)) errors.push(`file without a row: ${f}`);
    if (!alive) errors.push('the server died under load');
    for (const u of uploaded) if (!rows.some((r) => r.id === u.id)) errors.push(`upload #${u.id} has no row`);

    const note = `${USERS} users, ${elapsed.toFixed(0)} s, ${(requests / elapsed).toFixed(0)} req/s, sign-ins ${counts.signIn}, lists ${counts.list}, uploads ${counts.upload}, downloads ${counts.download}, zips ${counts.zip}, verified ${verified}/${uploaded.length}${pg ? ', postgresql' : ', embedded db'}`;
    reportSummary('load', requests + verified, errors.length, note);
    expect(errors.slice(0, 30)).toEqual([]);
    expect(verified).toBe(uploaded.length);
    expect(counts.upload).toBeGreaterThan(USERS);
  },
  (SECONDS + 240) * 1000,
);
