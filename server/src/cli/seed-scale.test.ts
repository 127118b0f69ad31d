import { bearer, createTestApp, type TestApp } from '../../test/helpers.js';
import { seedScale } from './seed-scale.js';

// The scale generator behind `npm run seed:scale` and `npm run bench`.
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@demo.ro');
  await seedScale(t.ctx.db, 1, 300, 1_000);
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(owner), payload });

test('adds the clients and documents to the company only, counted in its list', async () => {
  const res = await post('/api/company/1/clients', { per_page: 50, search: 'Client Scalare' });
  expect(res.statusCode).toBe(200);
  expect(res.json().meta.total).toBe(300);
  const docs = await t.ctx.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('storage_key', 'like', 'scale/%')
    .executeTakeFirstOrThrow();
  expect(Number(docs.n)).toBe(1_000);
  const foreign = await t.ctx.db
    .selectFrom('clients')
    .select('id')
    .where('name', 'like', 'Client Scalare%')
    .where('company_id', '<>', 1)
    .execute();
  expect(foreign).toEqual([]);
});

test('moves the company to the plan without a client limit, so it can still add clients', async () => {
  const subscription = await t.app.inject({
    method: 'GET',
    url: '/api/company/1/subscription',
    headers: bearer(owner),
  });
  expect(subscription.statusCode).toBe(200);
  const view = subscription.json().data ?? subscription.json();
  expect(view.subscription).toMatchObject({ status: 'active', plan: { name: 'Business', max_clients: null } });
  const created = await post('/api/company/1/createClient', {
    name: 'Client Nou După Scalare SRL',
    cui: '18547290',
    email: 'nou@firma.ro',
  });
  expect(created.statusCode).toBe(201);
});
