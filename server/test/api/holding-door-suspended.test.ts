import { createTestApp, type TestApp } from '../helpers.js';
import {
  api,
  createAdmin,
  createCompany,
  createHolding,
  createUtilityFile,
  unique,
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

async function reach(): Promise<{ listed: boolean; view: number; media: number; zip: number; utils: boolean }> {
  const index = await asHolding().post(`${base()}/index`, {});
  const utils = await asHolding().get(`${base()}/utils`);
  return {
    listed: index.text.includes(holding.client.name),
    view: (await asHolding().post(`${base()}/clients/${holding.client.id}`, {})).status,
    media: (await asHolding().post(`${base()}/clients/${holding.client.id}/media/${documentId}`, {})).status,
    zip: (await asHolding().post(`${base()}/clients/${holding.client.id}/collection`, {})).status,
    utils: utils.text.includes(CANARY),
  };
}

test("a suspended company's clients are out of its holding's reach, and back on reactivation", async () => {
  expect(await reach()).toEqual({ listed: true, view: 200, media: 200, zip: 200, utils: true });

  expect((await api(t).as(admin).post(`/api/admin/companies/${company.id}/suspend`, {})).status).toBe(200);
  expect(await reach()).toEqual({ listed: false, view: 404, media: 404, zip: 404, utils: false });
  const upload = await asHolding().upload(`${base()}/clients/${holding.client.id}/storeFiles`, [
    { name: 'files[]', filename: 'a.pdf', value: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' },
  ]);
  expect(upload.status).toBe(404);
  expect(upload.text).not.toContain(CANARY);

  expect((await api(t).as(admin).post(`/api/admin/companies/${company.id}/reactivate`, {})).status).toBe(200);
  expect(await reach()).toEqual({ listed: true, view: 200, media: 200, zip: 200, utils: true });
});
