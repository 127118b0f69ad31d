import { loadConfig } from '../../config.js';
import { manualClock } from '../../infra/clock.js';
import { startAnafSimulator, type AnafSimulator } from '../../infra/anaf/simulator.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createClient, createCompany, createHolding, createUser, type Company } from '../../../test/factories.js';
import { runPortfolioCheck } from './index.js';

const clock = manualClock('2026-12-01T08:00:00Z');
let sim: AnafSimulator;
let t: TestApp;
let firm: Company;
let other: Company;

beforeAll(async () => {
  sim = await startAnafSimulator({ now: () => clock.now() });
  t = await createTestApp({ clock, config: { anaf: { ...loadConfig({ NODE_ENV: 'test' }).anaf, baseUrl: sim.url } } });
  firm = await createCompany(t);
  other = await createCompany(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const lookups = () => sim.requests.filter((r) => r.path === '/api/PlatitorTvaRest/v9/tva');
const lookup = (caller: { token: string } | null, companyId: number, body: unknown) =>
  api(t)
    .as(caller?.token ?? null)
    .post(`/api/company/${companyId}/cui-lookup`, body);

describe('cui-lookup', () => {
  test('fills the new-client form from the registry, for the owner and the staff; asked once a day', async () => {
    const staff = await createUser(t, firm, { role: 3 });
    const res = await lookup(firm.owner, firm.id, { cui: 'RO 13548146' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
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
    const before = lookups().length;
    const again = await lookup(staff, firm.id, { cui: '13548146' });
    expect(again.json).toMatchObject({ name: 'ALFA CONSULTANȚĂ FISCALĂ S.R.L.' });
    expect(lookups()).toHaveLength(before);
    expect((await lookup(firm.owner, firm.id, { cui: '37024165' })).json).toMatchObject({
      inactive: true,
      vat_payer: false,
    });
    expect((await lookup(firm.owner, firm.id, { cui: '14146589' })).json).toMatchObject({
      vat_payer: false,
      e_factura: false,
    });
  }, 30_000);

  test('a CUI with a wrong control digit is refused here (422) and never reaches ANAF', async () => {
    const before = sim.requests.length;
    const res = await lookup(firm.owner, firm.id, { cui: '13548147' });
    expect(res.status).toBe(422);
    expect(res.json.errors.cui[0]).toMatch(/CUI-ul nu este valid/);
    expect((await lookup(firm.owner, firm.id, { cui: 'abc' })).status).toBe(422);
    expect((await lookup(firm.owner, firm.id, {})).json.errors.cui).toEqual(['Câmpul CUI este obligatoriu.']);
    expect(sim.requests.length).toBe(before);
  });

  test('a valid CUI the registry does not know: 404 in Romanian', async () => {
    const res = await lookup(firm.owner, firm.id, { cui: '43131360' });
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/nu apare în registrul ANAF/);
  }, 10_000);

  test('ANAF unreachable: 503 with a Romanian message, nothing kept, asked again once it is back', async () => {
    sim.setDown(true);
    try {
      const res = await lookup(firm.owner, firm.id, { cui: '49278701' });
      expect(res.status).toBe(503);
      expect(res.json.message).toBe('ANAF nu răspunde acum. Încearcă din nou în câteva minute.');
    } finally {
      sim.setDown(false);
    }
    expect((await lookup(firm.owner, firm.id, { cui: '49278701' })).status).toBe(200);
  }, 20_000);

  test('only the firm’s staff, in its own firm: anonymous 401, holding 403, another firm 404', async () => {
    const holding = await createHolding(t, firm);
    expect((await lookup(null, firm.id, { cui: '13548146' })).status).toBe(401);
    expect((await lookup(holding.admin, firm.id, { cui: '13548146' })).status).toBe(403);
    expect((await lookup(other.owner, firm.id, { cui: '13548146' })).status).toBe(404);
    expect(
      (await api(t).as(holding.admin).post(`/api/holding/${holding.id}/cui-lookup`, { cui: '13548146' })).status,
    ).toBe(404);
  }, 30_000);
});

describe('nightly portfolio check', () => {
  test('flags what changed in the registry since the last night, in the client list and the history', async () => {
    const alfa = await createClient(t, firm, { cui: '13548146' });
    const delta = await createClient(t, firm, { cui: '14146589' });
    const beta = await createClient(t, firm, { cui: '49278701' });
    const gone = await createClient(t, firm, { cui: '37024165' });
    const elsewhere = await createClient(t, other, { cui: '13548146' });

    await runPortfolioCheck(t.ctx);
    const first = await api(t).as(firm.owner).post(`/api/company/${firm.id}/anaf`);
    expect(first.status).toBe(200);
    const row = (id: number, json = first.json) => json.data.find((c: { id: number }) => c.id === id);
    expect(row(alfa.id).registry).toMatchObject({
      found: true,
      vat_payer: true,
      e_factura: true,
      inactive: false,
      flagged: false,
    });
    expect(row(gone.id).registry).toMatchObject({ inactive: true, flagged: false });
    // Another firm's client is not in this firm's list.
    expect(row(elsewhere.id)).toBeUndefined();

    sim.setCompany('13548146', { inactive: true });
    sim.setCompany('14146589', { vatPayer: true });
    sim.setCompany('49278701', { eFactura: false });
    sim.setCompany('37024165', null);
    clock.advance(24 * 3600_000);
    const asked = lookups().length;
    await runPortfolioCheck(t.ctx);
    // Every CUI of every firm in one request of ≤ 100 (today's answers were not known yet).
    expect(lookups().length).toBe(asked + 1);

    const second = (await api(t).as(firm.owner).post(`/api/company/${firm.id}/anaf`)).json;
    expect(row(alfa.id, second).registry).toMatchObject({ inactive: true, changes: ['inactive'], flagged: true });
    expect(row(delta.id, second).registry).toMatchObject({ vat_payer: true, changes: ['vat_payer'], flagged: true });
    expect(row(beta.id, second).registry).toMatchObject({ e_factura: false, changes: ['e_factura'], flagged: true });
    expect(row(gone.id, second).registry).toMatchObject({ found: false, changes: ['found'], flagged: true });

    const history = await t.ctx.db
      .selectFrom('activity_events')
      .select(['client_id', 'details', 'actor_id'])
      .where('action', '=', 'client.anaf_change')
      .where('client_id', 'in', [alfa.id, delta.id, beta.id, gone.id, elsewhere.id])
      .execute();
    expect(history).toHaveLength(5);
    const alfaEvent = history.find((e) => e.client_id === alfa.id);
    expect(alfaEvent?.details).toMatchObject({ summary: 'a devenit inactiv fiscal' });
    expect(alfaEvent?.actor_id).toBeNull();

    // Run again the same day: nothing asked, nothing new in the history.
    await runPortfolioCheck(t.ctx);
    expect(lookups().length).toBe(asked + 1);
    const events = await t.ctx.db
      .selectFrom('activity_events')
      .select('id')
      .where('action', '=', 'client.anaf_change')
      .execute();
    expect(events).toHaveLength(5);

    // The firm marks it seen; the next quiet night keeps it seen.
    const seen = await api(t).as(firm.owner).post(`/api/company/${firm.id}/clients/${alfa.id}/anaf/seen`);
    expect(seen.status).toBe(200);
    expect(seen.json.registry).toMatchObject({ flagged: false, changes: ['inactive'] });
    clock.advance(24 * 3600_000);
    await runPortfolioCheck(t.ctx);
    const third = await api(t).as(firm.owner).post(`/api/company/${firm.id}/clients/${alfa.id}/anaf`);
    expect(third.json.registry).toMatchObject({ flagged: false, inactive: true });
    expect((await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${alfa.id}/anaf`)).status).toBe(404);
    expect((await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${alfa.id}/anaf/seen`)).status).toBe(
      404,
    );
  }, 60_000);
});
