import { loadConfig } from '../../config.js';
import { createAnafAdapter, type AnafAdapter } from './adapter.js';
import { startAnafSimulator, type AnafSimulator } from './simulator.js';
import { AnafError } from './types.js';

let sim: AnafSimulator;
let anaf: AnafAdapter;
const DAY = '2026-12-01';

beforeAll(async () => {
  sim = await startAnafSimulator();
  anaf = createAnafAdapter(loadConfig({ NODE_ENV: 'test' }).anaf, { base: async () => sim.url });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.requests.length = 0;
  sim.setDown(false);
});

const lookups = () => sim.requests.filter((r) => r.path === '/api/PlatitorTvaRest/v9/tva');

test('reads the registry: a VAT payer in e-Factura, an inactive company, a non-VAT payer, an unknown CUI', async () => {
  const answer = await anaf.lookupVat(['13548146', '37024165', '14146589', '43131360'], DAY);
  const byCui = Object.fromEntries(answer.found.map((r) => [r.cui, r]));
  expect(byCui['13548146']).toEqual({
    cui: '13548146',
    name: 'ALFA CONSULTANȚĂ FISCALĂ S.R.L.',
    address: 'MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. VICTORIEI, NR.10',
    trade_register: 'J40/1234/2000',
    phone: '0212345678',
    postal_code: '010061',
    vat_payer: true,
    e_factura: true,
    inactive: false,
  });
  expect(byCui['37024165']).toMatchObject({ inactive: true, vat_payer: false });
  expect(byCui['14146589']).toMatchObject({ inactive: false, vat_payer: false, e_factura: false });
  expect(answer.notFound).toEqual(['43131360']);
  expect(lookups()).toHaveLength(1);
});

test('splits more than 100 CUIs into requests of at most 100, one a second', async () => {
  const cuis = Array.from({ length: 250 }, (_, i) => String(10_000_000 + i));
  cuis[7] = '49278701';
  const answer = await anaf.lookupVat(cuis, DAY);
  expect(answer.found.map((r) => r.cui)).toEqual(['49278701']);
  expect(answer.notFound).toHaveLength(249);
  const sent = lookups();
  expect(sent.map((r) => r.cuis?.length)).toEqual([100, 100, 50]);
  for (let i = 1; i < sent.length; i++) expect(sent[i].at - sent[i - 1].at).toBeGreaterThanOrEqual(1000);
}, 20_000);

test('keeps one lookup a second across callers running at once (the simulator would answer 429)', async () => {
  const answers = await Promise.all([
    anaf.lookupVat(['13548146'], DAY),
    anaf.lookupVat(['49278701'], DAY),
    anaf.lookupVat(['14146589'], DAY),
  ]);
  expect(answers.map((a) => a.found[0].cui)).toEqual(['13548146', '49278701', '14146589']);
  const at = lookups().map((r) => r.at);
  expect(at).toHaveLength(3);
  for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(1000);
}, 20_000);

test("the simulator enforces ANAF's limits: a second request within a second, more than 100 CUIs", async () => {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const ask = (count: number) =>
    fetch(`${sim.url}api/PlatitorTvaRest/v9/tva`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Array.from({ length: count }, (_, i) => ({ cui: 10_000_000 + i, data: DAY }))),
    });
  expect((await ask(1)).status).toBe(200);
  const throttled = await ask(1);
  expect(throttled.status).toBe(429);
  expect(await throttled.json()).toMatchObject({ cod: 429 });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const tooMany = (await (await ask(101)).json()) as { message: string };
  expect(tooMany).toMatchObject({ cod: 400, found: [], notFound: [] });
  expect(tooMany.message).toMatch(/100/);
}, 20_000);

test('ANAF down is an AnafError the callers can word (unreachable), never a crash', async () => {
  sim.setDown(true);
  await expect(anaf.lookupVat(['13548146'], DAY)).rejects.toEqual(expect.objectContaining({ kind: 'unreachable' }));
  await expect(anaf.lookupVat(['13548146'], DAY)).rejects.toBeInstanceOf(AnafError);
}, 20_000);

test('ANAF_MODE=off refuses every call without a request', async () => {
  const off = createAnafAdapter(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x' }).anaf, {
    base: async () => sim.url,
  });
  await expect(off.lookupVat(['13548146'], DAY)).rejects.toEqual(expect.objectContaining({ kind: 'not_configured' }));
  await expect(off.authorizeUrl('s')).rejects.toEqual(expect.objectContaining({ kind: 'not_configured' }));
  expect(sim.requests).toHaveLength(0);
});
