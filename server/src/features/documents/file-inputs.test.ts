import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createCompany, createHolding, createUser, uploadDocument, type Actor } from '../../../test/factories.js';

// Whatever a caller sends to the file, zip and history calls, the answer is a 4xx with a Romanian
// message, never a 500: ids past the database's integers, wrong shapes, bodies that are not JSON.
let t: TestApp;
let staff: Actor;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await createCompany(t);
  staff = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company);
  base = `/api/company/${company.id}/clients/${holding.client.id}`;
  await uploadDocument(t, staff, { id: holding.client.id }, { period: '2026-03' });
}, 120_000);
afterAll(() => t?.close());

const TOO_BIG = [2 ** 31, 2 ** 53, 1e20];

const CASES: [string, unknown][] = [
  ...TOO_BIG.map((n): [string, unknown] => ['collection', { ids: [n] }]),
  ...TOO_BIG.map((n): [string, unknown] => ['collection', { category_id: n }]),
  ...TOO_BIG.map((n): [string, unknown] => ['collection', { ids: [1, n], period: '2026-03' }]),
  ['collection', { ids: 'toate' }],
  ['collection', { ids: [[1]] }],
  ['collection', { ids: [1.5] }],
  ['collection', { period: '2026-3' }],
  ['collection', { period: { $gt: '' } }],
  ['collection', []],
  ['collection', 'text'],
  ['activity', { page: 2 ** 31 }],
  ['activity', { per_page: 1e20 }],
  ['activity', { period: ['2026-03'] }],
  ['activity/export', { period: 7 }],
  ['media/99999999999', undefined],
  ['media/0', undefined],
  ['media/1e3', undefined],
  ['media/-1', undefined],
];

test.each(CASES)('%s with %j: a 4xx with a message, never a 500', async (path, body) => {
  const res = await api(t)
    .as(staff)
    .post(`${base}/${path}`, body as object);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(typeof res.json.message).toBe('string');
});
