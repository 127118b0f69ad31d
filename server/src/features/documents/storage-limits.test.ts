import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import { field, file, multipart, type MultipartPart } from '../../../test/multipart.js';
import {
  api,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  uploadDocument,
} from '../../../test/factories.js';

// Plan storage limits on every upload, both doors: the declared size first, then the bytes received.
// The world: a company (its owner, a utility file) and the holding it made (its administrator, a
// member 5), with a client of the company inside the holding.
let t: TestApp;
const tokens = { owner: '', holding: '', client: '' };
const ids = { company: 0, holding: 0, client: 0, util: 0 };

const STORAGE_REFUSAL =
  /^Fișierele depășesc limita de spațiu de stocare a planului „.+” \(.+\): mai sunt disponibili .+\. Alege un plan mai mare din pagina Abonament\.$/;

const csv = (bytes: number) => Buffer.from('cont;suma\n'.padEnd(bytes, 'x'));

function storedFiles(): number {
  let count = 0;
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else count++;
    }
  };
  walk(path.join(t.dataDir, 'files'));
  return count;
}

/** What an upload could leave behind: rows and stored files. */
async function footprint() {
  const db = t.ctx.db;
  const media = await db.selectFrom('media').select('id').execute();
  const utils = await db.selectFrom('utility_files').select(['id', 'media_id', 'title']).orderBy('id').execute();
  return { media: media.length, utils, files: storedFiles() };
}

async function storageUsed(kind: 'company' | 'holding'): Promise<number> {
  const url =
    kind === 'company' ? `/api/company/${ids.company}/subscription` : `/api/holding/${ids.holding}/subscription`;
  const token = kind === 'company' ? tokens.owner : tokens.holding;
  const res = await api(t).as(token).get(url);
  expect(res.status).toBe(200);
  return res.json.usage.storage_bytes as number;
}

/** Sets the storage limit of the tenant's current plan (null: unlimited). */
async function setStorageLimit(kind: 'company' | 'holding', maxBytes: number | null): Promise<void> {
  const db = t.ctx.db;
  const column = kind === 'company' ? 'company_id' : 'holding_id';
  const tenantId = kind === 'company' ? ids.company : ids.holding;
  const subscription = await db
    .selectFrom('subscriptions')
    .select('plan_id')
    .where(column, '=', tenantId)
    .executeTakeFirstOrThrow();
  await db.updateTable('plans').set({ max_storage_bytes: maxBytes }).where('id', '=', subscription.plan_id).execute();
}

/** A multipart upload; `chunked` sends it as a stream without Content-Length, as a chunked request does. */
function send(token: string, url: string, parts: MultipartPart[], chunked: boolean) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...bearer(token),
      ...body.headers,
      ...(chunked ? { 'transfer-encoding': 'chunked' } : {}),
    },
    payload: chunked ? Readable.from([body.payload]) : body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await createCompany(t);
  const holding = await createHolding(t, company);
  const member = await createUser(t, holding, { role: 5 });
  tokens.owner = company.owner.token;
  tokens.holding = holding.admin?.token as string;
  tokens.client = member.token;
  ids.company = company.id;
  ids.holding = holding.id;
  ids.client = holding.client.id; // a client of the company inside the holding
  ids.util = (await createUtilityFile(t, company)).id;
  // Something stored already, on both plans' counters.
  await uploadDocument(t, company.owner, holding.client);
});
afterAll(() => t.close());

/** Six parallel 3,000-byte uploads (half chunked) with room for three: three stored, three 402. */
async function raceForRoomForThree(url: string, parts: (i: number) => MultipartPart[]): Promise<void> {
  const used = await storageUsed('company');
  await setStorageLimit('company', used + 10_000);
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => send(tokens.owner, url, parts(i), i % 2 === 0)),
  );
  expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 402, 402, 402]);
  expect(await storageUsed('company')).toBe(used + 9000);
}

afterEach(async () => {
  await setStorageLimit('company', null);
  await setStorageLimit('holding', null);
});

describe('utility files count against the company plan', () => {
  test.each([
    ['declaring its size', false],
    ['chunked', true],
  ])('storeUtil past the storage limit (%s) → 402 in Romanian, nothing stored', async (_label, chunked) => {
    await setStorageLimit('company', (await storageUsed('company')) + 1000);
    const before = await footprint();
    const res = await send(
      tokens.owner,
      `/api/company/${ids.company}/storeUtil`,
      [field('title', 'Balanță mare'), file('file', 'balanta.csv', csv(5000), 'text/csv')],
      chunked,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(STORAGE_REFUSAL);
    expect(await footprint()).toEqual(before);
  });

  test('a replacement file past the limit → 402; the utility file keeps its file', async () => {
    await setStorageLimit('company', (await storageUsed('company')) + 1000);
    const before = await footprint();
    const res = await send(
      tokens.owner,
      `/api/company/${ids.company}/utils/${ids.util}/update`,
      [field('title', 'Titlu nou'), file('file', 'balanta.csv', csv(5000), 'text/csv')],
      true,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(STORAGE_REFUSAL);
    expect(await footprint()).toEqual(before);
  });

  test('within the limit the utility file is stored', async () => {
    await setStorageLimit('company', (await storageUsed('company')) + 100_000);
    const res = await send(
      tokens.owner,
      `/api/company/${ids.company}/storeUtil`,
      [field('title', 'Balanță mică'), file('file', 'balanta.csv', csv(2000), 'text/csv')],
      true,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file).toMatchObject({ name: 'balanta.csv', size: 2000 });
  });

  test('six parallel utility uploads racing for room for three: three are stored, the limit holds', async () => {
    await raceForRoomForThree(`/api/company/${ids.company}/storeUtil`, (i) => [
      field('title', `Model ${i}`),
      file('file', `model-${i}.csv`, csv(3000), 'text/csv'),
    ]);
  });
});

describe('holding uploads count against the holding plan, whatever the request declares', () => {
  const storeFiles = () => `/api/holding/${ids.holding}/clients/${ids.client}/storeFiles`;

  test.each([
    ['chunked (no size declared: refused while it streams)', true],
    ['declaring its size (refused before the body is read)', false],
  ])('past the holding limit, %s → 402, nothing stored', async (_label, chunked) => {
    await setStorageLimit('holding', (await storageUsed('holding')) + 1000);
    const before = await footprint();
    const res = await send(
      tokens.client,
      storeFiles(),
      [
        field('period', '2026-01'),
        file('files[]', 'extras.csv', csv(3000), 'text/csv'),
        file('files[]', 'b.csv', csv(3000)),
      ],
      chunked,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(STORAGE_REFUSAL);
    expect(await footprint()).toEqual(before);
  });

  test('a chunked upload stops at the file that passes the room left: the rest is never written', async () => {
    await setStorageLimit('holding', (await storageUsed('holding')) + 1000);
    const before = await footprint();
    const put = jest.spyOn(t.ctx.storage, 'put');
    try {
      const parts = Array.from({ length: 10 }, (_, i) => file('files[]', `extras-${i}.csv`, csv(3000)));
      const res = await send(tokens.client, storeFiles(), parts, true);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toMatch(STORAGE_REFUSAL);
      expect(put).toHaveBeenCalledTimes(1);
    } finally {
      put.mockRestore();
    }
    expect(await footprint()).toEqual(before);
  });

  test('past the owning company limit, through the holding door → 402 as well', async () => {
    await setStorageLimit('company', (await storageUsed('company')) + 1000);
    const before = await footprint();
    const res = await send(tokens.holding, storeFiles(), [file('files[]', 'extras.csv', csv(5000))], true);
    expect(res.statusCode).toBe(402);
    expect(await footprint()).toEqual(before);
  });

  test('a company upload past its limit, chunked → 402, nothing stored', async () => {
    await setStorageLimit('company', (await storageUsed('company')) + 1000);
    const before = await footprint();
    const res = await send(
      tokens.owner,
      `/api/company/${ids.company}/clients/${ids.client}/storeFiles`,
      [file('files[]', 'extras.csv', csv(5000))],
      true,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(STORAGE_REFUSAL);
    expect(await footprint()).toEqual(before);
  });

  test('six parallel uploads racing for room for three: three are stored, three refused, the limit holds', async () => {
    await raceForRoomForThree(`/api/company/${ids.company}/clients/${ids.client}/storeFiles`, (i) => [
      file('files[]', `cursa-${i}.csv`, csv(3000)),
    ]);
  });

  test('within both limits a chunked holding upload is stored', async () => {
    await setStorageLimit('holding', (await storageUsed('holding')) + 100_000);
    await setStorageLimit('company', (await storageUsed('company')) + 100_000);
    const before = await footprint();
    const res = await send(tokens.client, storeFiles(), [file('files[]', 'extras.csv', csv(3000))], true);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toHaveLength(1);
    expect((await footprint()).media).toBe(before.media + 1);
  });
});
