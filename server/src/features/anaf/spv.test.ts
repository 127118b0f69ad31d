import { loadConfig } from '../../config.js';
import { manualClock } from '../../infra/clock.js';
import { startAnafSimulator, type AnafSimulator } from '../../infra/anaf/simulator.js';
import type { SimulatedInvoice } from '../../infra/anaf/simulator-invoice.js';
import { readSpvZip } from '../../lib/efactura/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createClient, createCompany, createUser, type Client, type Company } from '../../../test/factories.js';
import { runSpvSync } from './index.js';
import type { SpvImport } from './spv-import.js';

const DAY_MS = 86_400_000;
const clock = manualClock('2026-12-01T08:00:00Z');
let sim: AnafSimulator;
let t: TestApp;
let firm: Company;
let client: Client;

beforeAll(async () => {
  sim = await startAnafSimulator({ now: () => clock.now() });
  t = await createTestApp({ clock, config: { anaf: { ...loadConfig({ NODE_ENV: 'test' }).anaf, baseUrl: sim.url } } });
  firm = await createCompany(t);
  client = await createClient(t, firm, { cui: '13548146', name: 'Alfa Consultanță Fiscală SRL' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const owner = () => api(t).as(firm.owner);
const invoice = (number: string, issueDate = '2026-11-20'): SimulatedInvoice => ({
  supplierCui: '49278701',
  supplierName: 'BETA DIGITAL S.R.L.',
  buyerCui: '13548146',
  buyerName: 'ALFA CONSULTANȚĂ FISCALĂ S.R.L.',
  number,
  issueDate,
  net: 1000,
});
const calls = (what: 'listaMesajePaginatieFactura' | 'descarcare' | 'token') =>
  sim.requests.filter((r) => r.path.endsWith(what)).length;
const clientRow = async () =>
  (
    (await owner().post(`/api/company/${firm.id}/anaf`)).json.data as { id: number; spv: Record<string, unknown> }[]
  ).find((row) => row.id === client.id)?.spv;

/** The firm's browser at ANAF: the simulator redirects straight back; the callback is Dosar's. */
async function authorise(): Promise<string> {
  const start = await owner().post(`/api/company/${firm.id}/spv/authorize`);
  expect(start.status).toBe(200);
  const atAnaf = await fetch(start.json.url as string, { redirect: 'manual' });
  expect(atAnaf.status).toBe(302);
  const back = new URL(atAnaf.headers.get('location') as string);
  expect(back.pathname).toBe('/api/anaf/oauth/callback');
  return `${back.pathname}${back.search}`;
}

test('the owner authorises SPV through ANAF; the callback stores the tokens sealed, used once', async () => {
  const staff = await createUser(t, firm, { role: 3 });
  expect((await api(t).as(staff).post(`/api/company/${firm.id}/spv/authorize`)).status).toBe(403);
  const before = await owner().post(`/api/company/${firm.id}/anaf`);
  expect(before.json.spv).toMatchObject({ configured: true, authorized: false });
  // Sync can't be turned on before the firm authorised.
  const early = await owner().post(`/api/company/${firm.id}/clients/${client.id}/spv`, { enabled: true });
  expect(early.status).toBe(409);
  expect(early.json.message).toMatch(/autorizat/);

  const callback = await authorise();
  const res = await t.app.inject({ method: 'GET', url: callback });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/company/anaf?spv=ok');
  // A replayed callback (same state) finds nothing.
  expect((await t.app.inject({ method: 'GET', url: callback })).headers.location).toBe('/company/anaf?spv=expired');
  // A forged state names no firm.
  const forged = await t.app.inject({ method: 'GET', url: '/api/anaf/oauth/callback?code=x&state=forged' });
  expect(forged.headers.location).toBe('/company/anaf?spv=expired');

  const after = await owner().post(`/api/company/${firm.id}/anaf`);
  expect(after.json.spv).toMatchObject({ configured: true, authorized: true });
  expect(after.text).not.toMatch(/sim-(access|refresh)/);
  const stored = await t.ctx.db
    .selectFrom('spv_authorizations')
    .selectAll()
    .where('company_id', '=', firm.id)
    .executeTakeFirstOrThrow();
  expect(stored.access_token).toMatch(/^v1:/);
  expect(stored.access_token + stored.refresh_token).not.toMatch(/sim-/);
}, 30_000);

test('sync lists, downloads each message once and files the invoices; a second run downloads nothing', async () => {
  const other = await createCompany(t);
  expect(
    (await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${client.id}/spv`, { enabled: true })).status,
  ).toBe(404);
  const on = await owner().post(`/api/company/${firm.id}/clients/${client.id}/spv`, { enabled: true });
  expect(on.status).toBe(200);
  expect(on.json).toMatchObject({
    message: 'Sincronizarea din SPV este pornită pentru acest client.',
    data: { enabled: true },
  });

  sim.addMessage('13548146', invoice('BD-101'), { createdAt: new Date(clock.now().getTime() - 5 * DAY_MS) });
  sim.addMessage('13548146', invoice('BD-102'), { createdAt: new Date(clock.now().getTime() - DAY_MS) });
  // Older than ANAF's 60 days: never listed.
  sim.addMessage('13548146', invoice('BD-050', '2026-09-01'), {
    createdAt: new Date(clock.now().getTime() - 70 * DAY_MS),
  });
  // Another CUI's message: not this client's.
  sim.addMessage('14146589', { ...invoice('X-1'), buyerCui: '14146589' });

  await runSpvSync(t.ctx);
  expect(calls('descarcare')).toBe(2);
  const filed = await t.ctx.db
    .selectFrom('invoices')
    .select(['number', 'kind', 'client_id', 'signature_verified'])
    .where('company_id', '=', firm.id)
    .orderBy('number')
    .execute();
  expect(filed).toEqual([
    { number: 'BD-101', kind: 'received', client_id: client.id, signature_verified: true },
    { number: 'BD-102', kind: 'received', client_id: client.id, signature_verified: true },
  ]);
  expect(await clientRow()).toMatchObject({ last_status: 'ok', last_message: 'Sincronizat: 2 facturi noi din SPV.' });

  clock.advance(3600_000);
  await runSpvSync(t.ctx);
  expect(calls('descarcare')).toBe(2);
  expect(await clientRow()).toMatchObject({
    last_status: 'ok',
    last_message: 'Sincronizat: nicio factură nouă în SPV.',
  });
}, 60_000);

test('the zips handed to the import are ANAF’s: the invoice and a signature over its exact bytes', async () => {
  const seen: { name: string; bytes: Buffer }[] = [];
  const importer: SpvImport = async (_ctx, _target, files) => {
    seen.push(...files);
    return { filed: files.length, refused: [] };
  };
  const id = sim.addMessage('13548146', invoice('BD-103'));
  await runSpvSync(t.ctx, importer);
  expect(seen.map((f) => f.name)).toEqual([`${id}.zip`]);
  const content = await readSpvZip(seen[0].bytes);
  expect(content).toMatchObject({ kind: 'invoice', entry: `${id}.xml`, signatureVerified: true });
}, 30_000);

test('daily limits are counted per CUI before each call: over them, ANAF is not asked', async () => {
  const day = '2026-12-01';
  const id = sim.addMessage('13548146', invoice('BD-104'));
  // Ten downloads of this message today already.
  await t.ctx.db
    .insertInto('anaf_call_counts')
    .values({ cui: '13548146', day, kind: `download:${id}`, calls: 10 })
    .execute();
  const downloads = calls('descarcare');
  await runSpvSync(t.ctx);
  expect(calls('descarcare')).toBe(downloads);
  expect((await clientRow())?.last_message).toMatch(/1 mesaj a atins limita zilnică de descărcări/);

  await t.ctx.db
    .updateTable('anaf_call_counts')
    .set({ calls: 1500 })
    .where('cui', '=', '13548146')
    .where('kind', '=', 'list')
    .execute();
  const lists = calls('listaMesajePaginatieFactura');
  await runSpvSync(t.ctx);
  expect(calls('listaMesajePaginatieFactura')).toBe(lists);
  expect(await clientRow()).toMatchObject({
    last_status: 'error',
    last_message: expect.stringMatching(/Limita zilnică de interogări SPV/),
  });

  // The next day the pending message is downloaded.
  clock.advance(DAY_MS);
  await runSpvSync(t.ctx);
  expect(calls('descarcare')).toBe(downloads + 1);
  expect(await clientRow()).toMatchObject({ last_status: 'ok', last_message: 'Sincronizat: o factură nouă din SPV.' });
}, 60_000);

test('an {eroare} answer with HTTP 200 is an error the firm sees in Romanian; ANAF down too', async () => {
  sim.failNextList('Nu exista drept de interogare pentru CIF=13548146');
  await runSpvSync(t.ctx);
  expect(await clientRow()).toMatchObject({
    last_status: 'error',
    last_message: 'ANAF a refuzat sincronizarea: Nu exista drept de interogare pentru CIF=13548146',
  });
  sim.setDown(true);
  try {
    await runSpvSync(t.ctx);
  } finally {
    sim.setDown(false);
  }
  expect(await clientRow()).toMatchObject({
    last_status: 'error',
    last_message: 'ANAF nu a răspuns la sincronizare; se reîncearcă la următoarea rulare.',
  });
}, 30_000);

test('the access token is refreshed before it expires; turning sync off stops it', async () => {
  const tokens = calls('token');
  clock.advance(89.5 * DAY_MS);
  await runSpvSync(t.ctx);
  expect(calls('token')).toBe(tokens + 1);
  expect((await clientRow())?.last_status).toBe('ok');

  const off = await owner().post(`/api/company/${firm.id}/clients/${client.id}/spv`, { enabled: false });
  expect(off.json.data.enabled).toBe(false);
  const lists = calls('listaMesajePaginatieFactura');
  await runSpvSync(t.ctx);
  expect(calls('listaMesajePaginatieFactura')).toBe(lists);
}, 30_000);
