import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createCompany, createHolding, uniqueCui } from '../../../test/factories.js';

/**
 * The client rules both doors share: one plan-limit check (a client counts against its company and
 * its holding, whichever door adds it, also under parallel requests), one CUI rule (unique among the
 * company's live clients), one input rule. The world: a company and the holding it made, which works
 * with it.
 */

let t: TestApp;
const tokens = { owner: '', holding: '' };
const ids = { company: 0, holding: 0, companyPlan: 0, holdingPlan: 0 };

const post = async (token: string, url: string, payload: object = {}) =>
  (await api(t).as(token).post(url, payload)).res;
const companyCreate = (payload: object) => post(tokens.owner, `/api/company/${ids.company}/createClient`, payload);
const holdingStore = (payload: object) =>
  post(tokens.holding, `/api/holding/${ids.holding}/clients/store`, { company_id: ids.company, ...payload });

/** A valid CUI (control digit computed): each call a new one. */
const nextCui = uniqueCui;

async function liveClients(column: 'company_id' | 'holding_id', id: number): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('clients')
    .select('id')
    .where(column, '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.length;
}

/** Sets the client limit of the tenant's own test plan (null: unlimited). */
async function limit(plan: number, maxClients: number | null): Promise<void> {
  await t.ctx.db.updateTable('plans').set({ max_clients: maxClients }).where('id', '=', plan).execute();
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await createCompany(t);
  const holding = await createHolding(t, company);
  tokens.owner = company.owner.token;
  tokens.holding = holding.admin?.token as string;
  const db = t.ctx.db;
  ids.company = company.id;
  ids.holding = holding.id;
  // A plan of its own for each tenant, so the test moves only their limits.
  for (const [audience, key] of [
    ['company', 'companyPlan'],
    ['holding', 'holdingPlan'],
  ] as const) {
    const plan = await db
      .insertInto('plans')
      .values({
        name: `Test ${audience}`,
        audience,
        price_bani: 1000,
        max_clients: null,
        max_users: null,
        max_storage_bytes: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = plan.id;
    await db
      .updateTable('subscriptions')
      .set({ plan_id: plan.id, status: 'active', current_period_end: new Date(Date.now() + 30 * 86400000) })
      .where(
        audience === 'company' ? 'company_id' : 'holding_id',
        '=',
        audience === 'company' ? ids.company : ids.holding,
      )
      .execute();
  }
});
afterAll(() => t.close());

describe('plan limits count the same on both doors', () => {
  afterEach(async () => {
    await limit(ids.companyPlan, null);
    await limit(ids.holdingPlan, null);
  });

  test('a company at its client limit gets no client through the holding door either', async () => {
    await limit(ids.companyPlan, await liveClients('company_id', ids.company));
    const own = await companyCreate({ name: 'Peste Limită SRL', cui: nextCui() });
    expect(own.statusCode).toBe(402);
    expect(own.json().message).toContain('Ai atins limita de clienți a planului „Test company”');
    const viaHolding = await holdingStore({ name: 'Pe Ușa Holdingului SRL', cui: nextCui() });
    expect(viaHolding.statusCode).toBe(402);
    expect(viaHolding.json()).toMatchObject({
      code: 'plan_limit',
      message: 'Compania aleasă a atins limita de clienți a planului ei: nu mai poate primi clienți noi.',
    });
    await limit(ids.companyPlan, null);
    expect((await holdingStore({ name: 'Pe Ușa Holdingului SRL', cui: nextCui() })).statusCode).toBe(201);
  });

  test('a holding at its client limit gets no client through the company door either', async () => {
    await limit(ids.holdingPlan, await liveClients('holding_id', ids.holding));
    const own = await holdingStore({ name: 'Peste Limită Holding SRL', cui: nextCui() });
    expect(own.statusCode).toBe(402);
    expect(own.json().message).toContain('Ai atins limita de clienți a planului „Test holding”');
    const viaCompany = await companyCreate({ name: 'Pe Ușa Companiei SRL', cui: nextCui(), holding_id: ids.holding });
    expect(viaCompany.statusCode).toBe(402);
    expect(viaCompany.json().message).toBe(
      'Holdingul ales a atins limita de clienți a planului său: nu mai poate primi clienți noi.',
    );
    // Outside the holding the company still has room.
    expect((await companyCreate({ name: 'Fără Holding SRL', cui: nextCui() })).statusCode).toBe(201);
  });

  test('a holding whose subscription ended gets no client through the company door (its own door is read-only)', async () => {
    const period = (end: Date) =>
      t.ctx.db
        .updateTable('subscriptions')
        .set({ current_period_end: end })
        .where('holding_id', '=', ids.holding)
        .execute();
    await period(new Date(Date.now() - 86400000));
    try {
      const viaCompany = await companyCreate({ name: 'Holding Expirat SRL', cui: nextCui(), holding_id: ids.holding });
      expect(viaCompany.statusCode).toBe(402);
      expect(viaCompany.json()).toMatchObject({
        code: 'plan_limit',
        message: 'Abonamentul holdingului ales a expirat: nu mai poate primi clienți noi.',
      });
      expect((await holdingStore({ name: 'Holding Expirat SRL', cui: nextCui() })).json().code).toBe('read_only');
    } finally {
      await period(new Date(Date.now() + 30 * 86400000));
    }
  });

  test('parallel creations on both doors never pass the limit', async () => {
    const before = await liveClients('company_id', ids.company);
    await limit(ids.companyPlan, before + 3);
    const calls = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0
        ? companyCreate({ name: `Paralel ${i} SRL`, cui: nextCui() })
        : holdingStore({ name: `Paralel ${i} SRL`, cui: nextCui() }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 402, 402, 402, 402, 402]);
    expect(await liveClients('company_id', ids.company)).toBe(before + 3);
  });
});

describe('one client rule on both doors', () => {
  test('parallel creations with one CUI add one client', async () => {
    const cui = nextCui();
    const results = await Promise.all([
      companyCreate({ name: 'Același CUI 1 SRL', cui }),
      holdingStore({ name: 'Același CUI 2 SRL', cui: `RO${cui}` }),
      companyCreate({ name: 'Același CUI 3 SRL', cui: `RO ${cui}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json().errors).toEqual({ cui: ['Există deja un client cu acest CUI.'] });
    }
  });

  test('the CUI is unique in the company, also for a client outside the holding', async () => {
    const cui = nextCui();
    expect((await companyCreate({ name: 'Fără Holding 2 SRL', cui })).statusCode).toBe(201);
    const res = await holdingStore({ name: 'Același CUI Holding SRL', cui });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cui: ['Există deja un client cu acest CUI.'] });
  });

  test('phone: Romanian mobiles and landlines, +40, international; a bad one is a Romanian 422 — on both doors', async () => {
    const long = '+40 722 111 222 333 444 555 666';
    expect(long.length).toBe(31);
    const tooLong = await holdingStore({ name: 'Telefon SRL', cui: nextCui(), phone: long });
    expect([tooLong.statusCode, tooLong.json().errors?.phone]).toEqual([
      422,
      ['Câmpul telefon poate avea cel mult 30 de caractere.'],
    ]);
    const bad = ['0722+111222', '123456', '0722 111 22', '0722 111 2222', '0122 111 222', '+40 122 111 222', 'telefon'];
    for (const phone of bad) {
      const store = await holdingStore({ name: 'Telefon SRL', cui: nextCui(), phone });
      expect([phone, store.statusCode, store.json().errors?.phone]).toEqual([
        phone,
        422,
        ['Numărul de telefon nu este valid. Scrie-l ca 07xx xxx xxx, 02xx xxx xxx sau +40 7xx xxx xxx.'],
      ]);
      expect([phone, (await companyCreate({ name: 'Telefon SRL', cui: nextCui(), phone })).statusCode]).toEqual([
        phone,
        422,
      ]);
    }
    const good = [
      '0722 111 222',
      '+40 722 111 222',
      '0040722111222',
      '021 312 4567',
      '(0264) 123-456',
      '0800.800.800',
      '+33 1 42 68 53 00',
    ];
    for (const phone of good) {
      const created = await companyCreate({ name: 'Telefon Bun SRL', cui: nextCui(), phone });
      expect([phone, created.statusCode]).toEqual([phone, 201]);
    }
    const created = await companyCreate({ name: 'Litere SRL', cui: nextCui(), email: 'Office@Litere.RO' });
    expect(created.statusCode).toBe(201);
    const view = await post(tokens.owner, `/api/company/${ids.company}/clients/${created.json().data.id}`);
    expect(view.json().data.email).toBe('office@litere.ro');
    const stored = await holdingStore({ name: 'Litere Holding SRL', cui: nextCui(), email: 'Birou@Litere.RO' });
    expect(stored.json().client.email).toBe('birou@litere.ro');
  });
});
