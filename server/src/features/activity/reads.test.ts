import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createCompany, createHolding, createUser, uploadDocument, type Actor } from '../../../test/factories.js';
import { tinyPdf } from '../../seed.js';

// Every answer of the file call that hands over bytes is in the client's history, whatever the Range
// header says: the whole file as a download, a part as a preview or partial read; a refused range
// (416) hands over nothing. The history is read back as the firm reads it.
let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let staff: Actor;
let holdingAdmin: Actor;
let base: string;
let holdingBase: string;
let pdf: Buffer;
let docId: number;

interface Entry {
  action: string;
  label: string;
  actor_name: string | null;
  document: { id: number } | null;
  details: Record<string, unknown> | null;
}

async function entries(): Promise<{ total: number; data: Entry[] }> {
  const res = await api(t).as(staff).post(`${base}/activity`, { per_page: 100 });
  expect(res.status).toBe(200);
  return { total: res.json.meta.total as number, data: res.json.data as Entry[] };
}

async function fetchFile(caller: Actor, range: string | undefined, url = `${base}/media/${docId}`) {
  return api(t)
    .as(caller)
    .post(url, undefined, range === undefined ? {} : { headers: { range } });
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  staff = await createUser(t, company, { role: 3, name: 'Ioana Știrbu' });
  const holding = await createHolding(t, company);
  holdingAdmin = holding.admin as Actor;
  base = `/api/company/${company.id}/clients/${holding.client.id}`;
  holdingBase = `/api/holding/${holding.id}/clients/${holding.client.id}`;
  pdf = Buffer.concat([tinyPdf('Extras'), Buffer.from(`%${crypto.randomBytes(4000).toString('hex')}\n`)]);
  docId = (await uploadDocument(t, staff, { id: holding.client.id }, { name: 'Extras.pdf', body: pdf })).id;
}, 120_000);
afterAll(() => t?.close());

test.each([
  ['no Range', undefined, 200],
  ['a suffix longer than the file', 'bytes=-999999999999', 206],
  ['a suffix exactly the file', 'bytes=-<size>', 206],
  ['leading zeros', 'bytes=00-', 206],
  ['spaces and zeros', 'bytes= 000-99999999', 206],
  ['several overlapping ranges', 'bytes=1-1,0-', 206],
  ['an end past Number’s range', 'bytes=0-99999999999999999999', 206],
  ['upper-case unit, spaces around the list', ' BYTES = 0-10 , 5- ', 206],
  ['ranges that stay apart (answered whole)', 'bytes=0-10,100-200', 200],
])('the whole file with %s is one download in the history', async (_, range, status) => {
  const before = await entries();
  const res = await fetchFile(staff, range?.replace('<size>', String(pdf.length)));
  expect(res.status).toBe(status);
  expect(res.res.rawPayload.equals(pdf)).toBe(true);
  const after = await entries();
  expect(after.total).toBe(before.total + 1);
  expect(after.data[0]).toMatchObject({
    action: 'document.download',
    label: 'a descărcat',
    actor_name: 'Ioana Știrbu',
    document: { id: docId },
  });
});

test('a part of the file is a partial read; pieces that add up to the whole file are a download too', async () => {
  const before = await entries();
  const middle = await fetchFile(holdingAdmin, 'bytes=10-19', `${holdingBase}/media/${docId}`);
  expect(middle.status).toBe(206);
  expect(middle.res.rawPayload.equals(pdf.subarray(10, 20))).toBe(true);
  let after = await entries();
  expect(after.total).toBe(before.total + 1);
  expect(after.data[0]).toMatchObject({
    action: 'document.read',
    label: 'a citit o parte din',
    document: { id: docId },
    details: { spans: [[10, 19]], size: pdf.length, reads: 1 },
  });
  // The tail, then the head: the same entry grows; the head completes the file → a download as well.
  expect((await fetchFile(holdingAdmin, 'bytes=0020-', `${holdingBase}/media/${docId}`)).status).toBe(206);
  after = await entries();
  expect(after.total).toBe(before.total + 1);
  expect(after.data[0].details).toMatchObject({ spans: [[10, pdf.length - 1]], reads: 2 });
  expect((await fetchFile(holdingAdmin, 'bytes=0-0,1-9', `${holdingBase}/media/${docId}`)).status).toBe(206);
  after = await entries();
  expect(after.total).toBe(before.total + 2);
  expect(after.data.slice(0, 2).map((e) => [e.action, e.details?.pieces ?? e.details?.spans])).toEqual([
    ['document.download', 3],
    ['document.read', [[0, pdf.length - 1]]],
  ]);
});

test('a viewer’s ranges asked all at once are one preview entry, still a preview once they cover the file', async () => {
  const reader = await createUser(t, company, { role: 3, name: 'Cititor Paralel' });
  const before = await entries();
  const piece = Math.ceil(pdf.length / 8);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      fetchFile(
        reader,
        `bytes=${i * piece}-${Math.min(pdf.length, (i + 1) * piece) - 1}`,
        `${base}/media/${docId}?inline=1`,
      ),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(206));
  const after = await entries();
  const mine = after.data.filter((e) => e.actor_name === 'Cititor Paralel');
  expect(after.total).toBe(before.total + 1);
  expect(mine.map((e) => e.action)).toEqual(['document.preview']);
  expect(mine[0]).toMatchObject({
    label: 'a previzualizat',
    details: { spans: [[0, pdf.length - 1]], reads: 8, whole: true },
  });
});

test('a preview that receives the whole file (no Range, or a first range past its end) is a preview', async () => {
  const viewer = await createUser(t, company, { role: 3, name: 'Previzualizare Întreagă' });
  const before = await entries();
  // pdf.js's first range (64 KB) is more than a small PDF holds: the whole file comes in one answer.
  const first = await fetchFile(viewer, 'bytes=0-65535', `${base}/media/${docId}?inline=1`);
  expect(first.status).toBe(206);
  expect(first.res.rawPayload.equals(pdf)).toBe(true);
  // An image preview asks with no Range and gets the whole file (200).
  const holder = await fetchFile(holdingAdmin, undefined, `${holdingBase}/media/${docId}?inline=1`);
  expect(holder.status).toBe(200);
  expect(holder.res.rawPayload.equals(pdf)).toBe(true);
  const after = await entries();
  expect(after.total).toBe(before.total + 2);
  expect(after.data.slice(0, 2).map((e) => [e.action, e.label, e.details?.whole])).toEqual([
    ['document.preview', 'a previzualizat', true],
    ['document.preview', 'a previzualizat', true],
  ]);
  expect(after.data.slice(0, 2).some((e) => e.action === 'document.download')).toBe(false);
});

test('a malformed or unsatisfiable Range is refused with 416 and leaves no entry, never a 500', async () => {
  const before = await entries();
  for (const range of [
    'bytes=abc',
    'bytes=5 - 9',
    'bytes=0-1,,2-3',
    'bytes=1-0',
    'bytes=0-10,zz',
    'bytes=-',
    'bytes=-0',
    'bytes=',
    'items=0-1',
    `bytes=${pdf.length}-`,
    'bytes=99999999999999999999-',
    `bytes=${Array.from({ length: 100 }, (_, i) => `${i}-${i}`).join(',')}`,
    `bytes=0-1${' '.repeat(8000)}x`,
  ]) {
    const res = await fetchFile(staff, range);
    expect({ range: range.slice(0, 40), status: res.status }).toEqual({ range: range.slice(0, 40), status: 416 });
    expect(res.headers['content-range']).toBe(`bytes */${pdf.length}`);
  }
  expect((await entries()).total).toBe(before.total);
});
