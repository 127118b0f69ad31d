import { createTestApp, type TestApp } from './helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  linkHolding,
  uploadDocument,
} from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

test('a company, its users, a holding, clients and a document — each fresh, each signed in', async () => {
  const company = await createCompany(t);
  expect(company.owner).toMatchObject({ role: 2, company_id: company.id, holding_id: null });
  const staff = await createUser(t, company);
  expect(staff).toMatchObject({ role: 3, company_id: company.id });

  const holding = await createHolding(t, company);
  expect(holding.admin).toMatchObject({ role: 4, holding_id: holding.id, company_id: null });
  expect(holding.client).toMatchObject({ company_id: company.id, holding_id: holding.id });
  const member = await createUser(t, holding);
  expect(member).toMatchObject({ role: 5, holding_id: holding.id });

  const own = await createClient(t, company);
  expect(own.holding_id).toBeNull();
  const grouped = await createClient(t, holding);
  expect(grouped).toMatchObject({ company_id: company.id, holding_id: holding.id });

  const doc = await uploadDocument(t, staff, own, { period: '2026-03' });
  expect(doc).toMatchObject({ period: '2026-03', category_id: null });
  const viaHolding = await uploadDocument(t, member, grouped);
  expect(viaHolding.size).toBeGreaterThan(0);

  const view = await api(t).as(company.owner).post(`/api/company/${company.id}/clients/${own.id}`, {});
  expect(view.status).toBe(200);
  expect(view.json.documents.map((d: { id: number }) => d.id)).toEqual([doc.id]);

  // Two companies never see each other.
  const other = await createCompany(t);
  expect(other.id).not.toBe(company.id);
  const foreign = await api(t).as(other.owner).post(`/api/company/${company.id}/clients`, {});
  expect(foreign.status).toBe(404);

  // An existing holding linked to a second company: its administrator creates a client there.
  await linkHolding(t, holding, other);
  const there = await createClient(t, holding, { company_id: other.id });
  expect(there).toMatchObject({ company_id: other.id, holding_id: holding.id });

  const anonymous = await api(t).get('/api/user');
  expect(anonymous.status).toBe(401);
});
