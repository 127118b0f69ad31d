import { createTestApp, type TestApp } from '../test/helpers.js';
import { api } from '../test/factories.js';
import { DEMO_PASSWORD, seedDemoWorld } from './seed.js';
import { addMonths, currentMonth } from './lib/ro-calendar.js';

// The demo world (npm start with the seed on, the e2e suite, the bench): its accounts and tenants. The
// other API suites build their own tenants with test/factories.ts; this one is about the demo itself.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('each demo account signs in with the demo password, in its company or holding', async () => {
  const cases = [
    { email: 'admin@demo.ro', role: 1, company: null, holding: null },
    { email: 'owner@demo.ro', role: 2, company: 'Contabil Demo SRL', holding: null },
    { email: 'staff@demo.ro', role: 3, company: 'Contabil Demo SRL', holding: null },
    { email: 'holding@demo.ro', role: 4, company: null, holding: 'Grup Demo' },
    { email: 'client@demo.ro', role: 5, company: null, holding: 'Grup Demo' },
    { email: 'owner2@demo.ro', role: 2, company: 'Alt Contabil SRL', holding: null },
    { email: 'holding2@demo.ro', role: 4, company: null, holding: 'Alt Grup' },
  ];
  for (const c of cases) {
    const res = await api(t).post('/api/login', { email: c.email, password: DEMO_PASSWORD });
    expect([c.email, res.status]).toEqual([c.email, 200]);
    expect(res.json.user).toMatchObject({ email: c.email, role: c.role });
    expect(res.json.user.company?.name ?? null).toBe(c.company);
    expect(res.json.user.holding?.name ?? null).toBe(c.holding);
  }
});

test('two tenants, each with its clients and documents; the second pays for Start', async () => {
  const { db } = t.ctx;
  const companies = await db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
  expect(companies.map((c) => c.name)).toEqual(['Contabil Demo SRL', 'Alt Contabil SRL']);
  const clients = await db.selectFrom('clients').select(['company_id', 'notes']).execute();
  expect(clients.filter((c) => c.company_id === companies[0].id)).toHaveLength(3);
  expect(clients.filter((c) => c.company_id === companies[1].id)).toHaveLength(2);
  const media = await db.selectFrom('media').select(['storage_key']).execute();
  expect(media.length).toBeGreaterThan(0);
  // The stored files came with the database (a clone of the run's template copies them too).
  for (const m of media)
    expect([m.storage_key, await t.ctx.storage.exists(m.storage_key)]).toEqual([m.storage_key, true]);
  const payments = await db.selectFrom('payments').select(['status', 'company_id']).orderBy('id').execute();
  expect(payments).toEqual([
    { status: 'failed', company_id: companies[1].id },
    { status: 'paid', company_id: companies[1].id },
  ]);
});

test('the demo reads like a real firm: no test markers, each document in its category', async () => {
  const { db } = t.ctx;
  const media = await db
    .selectFrom('media')
    .leftJoin('categories', 'categories.id', 'media.category_id')
    .select(['media.original_name', 'media.client_id', 'categories.name as category'])
    .execute();
  const notes = await db.selectFrom('clients').select('notes').execute();
  const utils = await db.selectFrom('utility_files').select(['title', 'description']).execute();
  const users = await db.selectFrom('users').select('name').execute();
  const texts = [
    ...media.map((m) => m.original_name),
    ...notes.map((n) => n.notes ?? ''),
    ...utils.flatMap((u) => [u.title, u.description ?? '']),
    ...users.map((u) => u.name),
  ];
  for (const text of texts) expect([text, /CANARY|test|e2e/i.test(text)]).toEqual([text, false]);
  const documents = media.filter((m) => m.client_id !== null);
  expect(documents.length).toBeGreaterThan(0);
  const categoryOf: [RegExp, string][] = [
    [/^Extras de cont /, 'Extrase bancare'],
    [/^Factură /, 'Facturi emise'],
    [/^Facturi furnizori /, 'Facturi primite'],
    [/^Stat de plată /, 'Salarii'],
    [/^Raport Z /, 'Bonuri fiscale'],
  ];
  for (const d of documents) {
    const expected = categoryOf.find(([pattern]) => pattern.test(d.original_name))?.[1];
    expect([d.original_name, d.category]).toEqual([d.original_name, expected ?? 'unexpected demo document']);
  }
});

test('the demo month is alive: accepted, awaiting review, rejected and missing items, a closed month, a done one', async () => {
  const token = await t.login('owner@demo.ro');
  const { db } = t.ctx;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Contabil Demo SRL')
    .executeTakeFirstOrThrow();
  const owner = api(t, token);
  const now = currentMonth();
  const grid = await owner.post(`/api/company/${company.id}/checklist`, { period: now });
  expect(grid.status).toBe(200);
  const totals = (key: string) =>
    grid.json.data.reduce((n: number, row: { counts: Record<string, number> }) => n + row.counts[key], 0);
  expect(totals('uploaded')).toBeGreaterThan(0);
  expect(totals('missing')).toBeGreaterThan(0);
  const last = await owner.post(`/api/company/${company.id}/checklist`, { period: addMonths(now, -1) });
  const lastTotals = (key: string) =>
    last.json.data.reduce((n: number, row: { counts: Record<string, number> }) => n + row.counts[key], 0);
  expect(lastTotals('accepted')).toBeGreaterThan(0);
  expect(lastTotals('rejected')).toBeGreaterThan(0);
  const oldest = await owner.post(`/api/company/${company.id}/checklist`, { period: addMonths(now, -4) });
  expect(oldest.json.data.every((row: { closed: boolean; complete: boolean }) => row.closed && row.complete)).toBe(
    true,
  );
  const queue = await owner.post(`/api/company/${company.id}/review-queue`, {});
  expect(queue.json.meta.total).toBeGreaterThan(0);
  expect(queue.json.meta.done).toEqual([
    expect.objectContaining({ client: expect.objectContaining({ name: 'Beta Construct SRL' }), period: now }),
  ]);
  const requirements = await db.selectFrom('requirements').select(['name', 'details']).execute();
  expect(requirements.map((r) => r.name)).toEqual(
    expect.arrayContaining(['State de plată / pontaj', 'Bonuri fiscale / Raport Z']),
  );
  expect(requirements.some((r) => r.details?.startsWith('RO'))).toBe(true);
});

test('seeding again changes nothing', async () => {
  expect(await seedDemoWorld(t.ctx)).toBe(false);
  expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(7);
});
