import { createTestApp, type TestApp } from '../helpers.js';
import {
  api,
  createAdmin,
  createCompany,
  createHolding,
  createUtilityFile,
  unique,
  uniqueCui,
  uploadDocument,
  type Actor,
  type Company,
  type Client,
  type Holding,
} from '../factories.js';

// A company the platform suspends: its holdings lose its clients, documents and utility files until
// it is reactivated (nothing is deleted).
let t: TestApp;
let admin: Actor;
let company: Company;
let holding: Holding & { client: Client };
let documentId: number;
const CANARY = `CANARY-SUSPENDED-${unique()}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await createAdmin(t);
  company = await createCompany(t);
  holding = await createHolding(t, company, { client: { notes: `Observații ${CANARY}` } });
  documentId = (await uploadDocument(t, company.owner, holding.client, { name: `Factura ${CANARY}.pdf` })).id;
  await createUtilityFile(t, company, { description: `Model ${CANARY}` });
});
afterAll(() => t.close());

const asHolding = () => api(t).as(holding.admin as Actor);
const base = () => `/api/holding/${holding.id}`;

// What the holding reaches of the company, through every feature that shows a client's rows.
async function reach() {
  const index = await asHolding().post(`${base()}/index`, {});
  const utils = await asHolding().get(`${base()}/utils`);
  const client = `${base()}/clients/${holding.client.id}`;
  return {
    listed: index.text.includes(holding.client.name),
    view: (await asHolding().post(client, {})).status,
    media: (await asHolding().post(`${client}/media/${documentId}`, {})).status,
    zip: (await asHolding().post(`${client}/collection`, {})).status,
    checklist: (await asHolding().post(`${client}/checklist`, { period: '2026-01' })).status,
    history: (await asHolding().post(`${client}/activity`, {})).status,
    // An open month: the handover answers 409 to whoever reaches the client.
    handover: (await asHolding().post(`${client}/periods/2020-01/handover`, {})).status,
    utils: utils.text.includes(CANARY),
  };
}

const REACHED = {
  listed: true,
  view: 200,
  media: 200,
  zip: 200,
  checklist: 200,
  history: 200,
  handover: 409,
  utils: true,
};
const OUT_OF_REACH = {
  listed: false,
  view: 404,
  media: 404,
  zip: 404,
  checklist: 404,
  history: 404,
  handover: 404,
  utils: false,
};

test("a suspended company's clients are out of its holding's reach, and back on reactivation", async () => {
  expect(await reach()).toEqual(REACHED);

  expect((await api(t).as(admin).post(`/api/admin/companies/${company.id}/suspend`, {})).status).toBe(200);
  expect(await reach()).toEqual(OUT_OF_REACH);
  const upload = await asHolding().upload(`${base()}/clients/${holding.client.id}/storeFiles`, [
    { name: 'files[]', filename: 'a.pdf', value: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' },
  ]);
  expect(upload.status).toBe(404);
  expect(upload.text).not.toContain(CANARY);
  // Nor does a new client go there: the holding would not see it the moment it exists.
  const store = await asHolding().post(`${base()}/clients/store`, {
    company_id: company.id,
    name: `Nou ${CANARY}`,
    cui: uniqueCui(),
  });
  expect(store.status).toBe(422);
  expect(Object.keys(store.json.errors)).toEqual(['company_id']);
  const created = await t.ctx.db.selectFrom('clients').select('id').where('name', '=', `Nou ${CANARY}`).execute();
  expect(created).toEqual([]);

  expect((await api(t).as(admin).post(`/api/admin/companies/${company.id}/reactivate`, {})).status).toBe(200);
  expect(await reach()).toEqual(REACHED);
});
