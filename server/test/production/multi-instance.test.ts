import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { tinyPdf } from '../../src/seed.js';
import {
  ADMIN_DATABASE_URL,
  freshDatabase,
  listening,
  login,
  multipart,
  startServer,
  type ServerProcess,
} from './processes.js';

/**
 * Two server processes on one PostgreSQL, one S3 store and one Redis: what one
 * instance knows (a token, a change, an upload, a login throttle) the other sees,
 * and a SIGTERM lets an upload in flight finish.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// PostgreSQL and Redis are the point of this file: a machine without them declares its tests skipped.
const services = listening(ADMIN_DATABASE_URL, REDIS_URL);
if (!services) console.warn('PostgreSQL or Redis not reachable: multi-instance checks skipped');
const withServices = services ? test : test.skip;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-multi-'));
let database: Awaited<ReturnType<typeof freshDatabase>> = null;
let s3: S3rver;
let a: ServerProcess;
let b: ServerProcess;
let token = '';
let companyId = 0;
let clientId = 0;

beforeAll(async () => {
  if (!services) return;
  database = await freshDatabase();
  if (!database) throw new Error(`PostgreSQL at ${ADMIN_DATABASE_URL} listens but refused a new database`);
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'dosar', configs: [] }],
  });
  const { port } = await s3.run();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'dosar',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    SEED_DEMO: '1',
  };
  // The first instance migrates and seeds; the second joins the same database.
  a = await startServer({ ...env, DATA_DIR: path.join(tmp, 'a') });
  b = await startServer({ ...env, DATA_DIR: path.join(tmp, 'b') });
  const session = await login(a.base, 'owner@demo.ro');
  token = session.token as string;
  companyId = session.user?.company_id as number;
  const list = (await (
    await fetch(`${a.base}/api/company/${companyId}/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page: 1, per_page: 10 }),
    })
  ).json()) as { data: { id: number }[] };
  clientId = list.data[0].id;
}, 180_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await s3?.close();
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

withServices('a token issued by one instance is accepted by the other, and logout on one ends it on both', async () => {
  const fresh = await login(b.base, 'staff@demo.ro');
  expect((await fetch(`${a.base}/api/user`, { headers: { authorization: `Bearer ${fresh.token}` } })).status).toBe(200);
  expect(
    (await fetch(`${b.base}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${fresh.token}` } }))
      .status,
  ).toBe(200);
  expect((await fetch(`${a.base}/api/user`, { headers: { authorization: `Bearer ${fresh.token}` } })).status).toBe(401);
});

withServices('a change made through one instance is what the other answers at once', async () => {
  const post = (base: string, url: string, body: object) =>
    fetch(`${base}/api/company/${companyId}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const listed = async (base: string) =>
    (
      (await (await post(base, '/clients', { page: 1, per_page: 100 })).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
  const viewed = async (base: string) =>
    ((await (await post(base, `/clients/${clientId}`, {})).json()) as { data: { name: string } }).data.name;
  // Both instances have read the client before the change.
  for (const base of [a.base, b.base]) await Promise.all([listed(base), viewed(base)]);
  for (const [writer, reader] of [
    [a, b],
    [b, a],
  ]) {
    const name = `Redenumit ${crypto.randomUUID().slice(0, 8)} SRL`;
    expect((await post(writer.base, `/clients/${clientId}/update`, { name })).status).toBe(200);
    expect(await viewed(reader.base)).toBe(name);
    expect((await listed(reader.base)).find((client) => client.id === clientId)?.name).toBe(name);
  }
});

withServices('a file uploaded through one instance downloads byte for byte from the other', async () => {
  const content = tinyPdf(`Multi-instanță ${crypto.randomUUID()}`);
  const body = multipart({ period: '2026-11' }, 'factură-multi.pdf', content);
  const res = await fetch(`${a.base}/api/company/${companyId}/clients/${clientId}/storeFiles`, {
    method: 'POST',
    headers: { 'content-type': body.type, authorization: `Bearer ${token}` },
    body: Buffer.concat([body.head, body.tail]),
  });
  expect(res.status).toBe(201);
  const media = ((await res.json()) as { data: { id: number }[] }).data[0];
  const download = await fetch(`${b.base}/api/company/${companyId}/clients/${clientId}/media/${media.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
});

withServices('the login throttle counts attempts made on both instances', async () => {
  // A counter left by an earlier run within the minute would skew the count.
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL);
  await redis.del('dosar:rl:login:client@demo.ro:127.0.0.1');
  await redis.quit();
  const statuses: number[] = [];
  for (const base of [a.base, b.base, a.base, b.base, a.base, b.base]) {
    statuses.push((await login(base, 'client@demo.ro', 'parolă-greșită')).status);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});

withServices('SIGTERM lets an upload in flight finish before the instance stops', async () => {
  const content = tinyPdf(`Oprire ${crypto.randomUUID()}`);
  const body = multipart({ period: '2026-11' }, 'oprire.pdf', content);
  const url = new URL(`${a.base}/api/company/${companyId}/clients/${clientId}/storeFiles`);
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': body.type, authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.head.subarray(0, 100));
    // The instance is told to stop while the upload is half sent.
    setTimeout(() => {
      a.child.kill('SIGTERM');
      setTimeout(() => {
        req.write(body.head.subarray(100));
        req.end(body.tail);
      }, 500);
    }, 300);
  });
  const result = await response;
  expect(result.status).toBe(201);
  expect(await a.exited).toBe(0);
  const id = (JSON.parse(result.text) as { data: { id: number }[] }).data[0].id;
  const download = await fetch(`${b.base}/api/company/${companyId}/clients/${clientId}/media/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
});
