import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  uploadDocument,
  type Actor,
} from '../../../test/factories.js';
import { addMonths, currentMonth } from '../../lib/ro-calendar.js';

// The menu beside „De verificat” and the review page count the same two things, each apart: documents
// awaiting review, and months a client announced as done („Am terminat”). A month announced is no
// document, so it never swells the documents' number.
let t: TestApp;
let staff: Actor;
let base: string;
const now = currentMonth();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  const holding = await createHolding(t, firm);
  const member = await createUser(t, holding, { role: 5 });
  const second = await createClient(t, firm, { holding_id: holding.id });
  base = `/api/company/${firm.id}`;
  for (let i = 0; i < 4; i += 1) await uploadDocument(t, member, holding.client, { period: now });
  for (let i = 0; i < 3; i += 1) await uploadDocument(t, member, second, { period: addMonths(now, -1) });
  for (const [client, period] of [
    [holding.client.id, now],
    [second.id, addMonths(now, -1)],
  ] as const) {
    const done = await api(t).as(member).post(`/api/holding/${holding.id}/clients/${client}/periods/${period}/done`);
    expect(done.status).toBe(200);
  }
}, 120_000);
afterAll(() => t?.close());

test('the badge’s numbers are the page’s: 7 documents awaiting review, and apart 2 months announced as done', async () => {
  const count = await api(t).as(staff).post(`${base}/review-queue/count`, {});
  expect(count.status).toBe(200);
  expect(count.json).toEqual({ count: 7, done: 2 });
  const page = await api(t).as(staff).post(`${base}/review-queue`, { per_page: 5 });
  expect(page.status).toBe(200);
  expect(page.json.data).toHaveLength(5);
  expect(page.json.meta).toMatchObject({ total: 7, done_total: 2 });
  expect(page.json.meta.done).toHaveLength(2);
  // Both numbers name what they count: the page lists documents only, never a month announced.
  expect(
    page.json.data.every((d: { id: number; name: string }) => Number.isInteger(d.id) && d.name.endsWith('.pdf')),
  ).toBe(true);
});
