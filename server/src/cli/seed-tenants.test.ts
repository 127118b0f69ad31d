import { createTestApp, type TestApp } from '../../test/helpers.js';
import { currentMonth } from '../lib/ro-calendar.js';
import { seedTenants } from './seed-tenants.js';

// The tenant generator behind `npm run seed:tenants` and the bench's mixed workload.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedTenants(t.ctx.db, { companies: 3, clients: 8 });
});
afterAll(() => t.close());

const count = async (table: 'companies' | 'holdings' | 'clients' | 'users', like: string, column = 'email') => {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column as 'email', 'like', like)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

test('adds each firm with its holding, two accounts and its clients', async () => {
  expect(await count('companies', '%@tenants.test')).toBe(3);
  expect(await count('holdings', '%@tenants.test')).toBe(3);
  expect(await count('users', 'owner%@tenants.test')).toBe(3);
  expect(await count('users', 'holding%@tenants.test')).toBe(3);
  expect(await count('clients', 'Client Tenant %', 'name')).toBe(24);
  const inHolding = await t.ctx.db
    .selectFrom('clients')
    .select('id')
    .where('name', 'like', 'Client Tenant %')
    .where('holding_id', 'is not', null)
    .execute();
  expect(inHolding).toHaveLength(6);
});

test('every client owes requirements and has three documents awaiting review this month', async () => {
  const pending = await t.ctx.db
    .selectFrom('media')
    .innerJoin('clients', 'clients.id', 'media.client_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('clients.name', 'like', 'Client Tenant %')
    .where('media.review_status', '=', 'pending')
    .where('media.period', '=', currentMonth())
    .executeTakeFirstOrThrow();
  expect(Number(pending.n)).toBe(24 * 3);
});

test('an owner signs in and sees the firm clients, review inbox and grid; the holding admin its clients', async () => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'owner2@tenants.test', password: 'Demo1234!' },
  });
  expect(login.statusCode).toBe(200);
  const { token, user } = login.json();
  const post = (url: string, payload: object = {}, bearer = token) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${bearer}` }, payload });
  const company = `/api/company/${user.company_id}`;
  const clients = await post(`${company}/clients`, { per_page: 50 });
  expect(clients.statusCode).toBe(200);
  expect(clients.json().meta.total).toBe(8);
  expect((await post(`${company}/review-queue`)).statusCode).toBe(200);
  expect((await post(`${company}/checklist`, { period: currentMonth(), page: 1, per_page: 50 })).statusCode).toBe(200);
  const holding = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'holding2@tenants.test', password: 'Demo1234!' },
  });
  expect(holding.statusCode).toBe(200);
  const index = await post(`/api/holding/${holding.json().user.holding_id}/index`, {}, holding.json().token);
  expect(index.statusCode).toBe(200);
  expect(index.json().meta.total).toBe(2);
});
