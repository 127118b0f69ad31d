import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createAdmin,
  createClient,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  uploadDocument,
  type Actor,
  type Holding,
} from '../../../test/factories.js';
import { assertCanAddClient, assertCanAddUser, assertCanStore, assertWritable } from './limits.js';
import { countOf } from '../../lib/plural.js';
import { AppError } from '../../infra/errors.js';

let t: TestApp;
let admin: string;
let owner: string;
let owner2: string;
let holdingAdmin: string;
let staffToken: string;
let memberToken: string;
let holding2: Holding;
const ids = { company: 0, company2: 0, holding: 0, owner: 0, owner2: 0, holdingAdmin: 0 };
const plans: Record<string, number> = {};

// The first company is on its trial with 3 clients (2 inside its holding, which has 2 users), 2 users
// and one stored document; the second pays for "Start" (through the sandbox checkout) and has a
// holding of its own on trial.
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = (await createAdmin(t)).token;
  const first = await createCompany(t);
  const staff = await createUser(t, first, { role: 3 });
  const holding = await createHolding(t, first, { name: 'Holding Unu' });
  await createClient(t, first, { holding_id: holding.id });
  const outside = await createClient(t, first);
  await uploadDocument(t, staff, outside);
  const member = await createUser(t, holding, { role: 5 });
  const second = await createCompany(t, { name: 'Alt Contabil SRL' });
  await createClient(t, second);
  holding2 = await createHolding(t, second);

  owner = first.owner.token;
  owner2 = second.owner.token;
  holdingAdmin = (holding.admin as Actor).token;
  staffToken = staff.token;
  memberToken = member.token;
  Object.assign(ids, {
    company: first.id,
    company2: second.id,
    holding: holding.id,
    owner: first.owner.id,
    owner2: second.owner.id,
    holdingAdmin: (holding.admin as Actor).id,
  });
  for (const p of await t.ctx.db.selectFrom('plans').select(['id', 'name', 'audience']).execute())
    plans[`${p.audience}:${p.name}`] = p.id;

  const pay = api(t).as(owner2);
  const init = expectStatus(
    await pay.post(`/api/company/${second.id}/users/${second.owner.id}/subscriptions/${plans['company:Start']}`),
    201,
    'second company: Start',
  );
  expectStatus(
    await pay.post(`/api/company/${second.id}/users/${second.owner.id}/payment/${init.json.payment.id}`, {
      status: 'paid',
    }),
    200,
    'second company: paid',
  );
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload ?? {} });
const company = (path: string) => `/api/company/${ids.company}/${path}`;

async function subscriptionRow() {
  return t.ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('company_id', '=', ids.company)
    .executeTakeFirstOrThrow();
}

async function expectAppError(promise: Promise<unknown>, status: number, text: RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(status);
  expect((error as AppError).message).toMatch(text);
}

describe('subscription screen data', () => {
  test('the owner sees the trial, usage against limits and the company plans', async () => {
    const res = await get(company('subscription'), owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subscription).toMatchObject({
      status: 'trial',
      read_only: false,
      plan: { name: 'Probă gratuită', max_clients: 20 },
    });
    const days = (new Date(body.subscription.current_period_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(body.usage).toEqual({ clients: 3, users: 2, storage_bytes: expect.any(Number) });
    expect(body.usage.storage_bytes).toBeGreaterThan(0);
    expect(body.plans.map((p: { name: string }) => p.name)).toEqual([
      'Probă gratuită',
      'Start',
      'Profesional',
      'Business',
    ]);
    expect(body.plans.every((p: { audience: string }) => p.audience === 'company')).toBe(true);
    expect(body.payments).toEqual([]);
  });

  test('scope: anonymous 401, staff and holding people 403, another company 404', async () => {
    expect((await get(company('subscription'))).statusCode).toBe(401);
    expect((await get(company('subscription'), staffToken)).statusCode).toBe(403);
    expect((await get(company('subscription'), holdingAdmin)).statusCode).toBe(403);
    expect((await get(company('subscription'), owner2)).statusCode).toBe(404);
    expect((await get(`/api/holding/${ids.holding}/subscription`, memberToken)).statusCode).toBe(403);
    expect((await get(`/api/holding/${ids.holding}/subscription`, owner)).statusCode).toBe(403);
    expect((await post(company(`users/${ids.owner}/subscriptions/${plans['company:Start']}`))).statusCode).toBe(401);
  });

  test('a holding admin sees the holding plans', async () => {
    const res = await get(`/api/holding/${ids.holding}/subscription`, holdingAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription.plan.audience).toBe('holding');
    expect(res.json().usage).toMatchObject({ clients: 2, users: 2 });
    expect(res.json().plans.map((p: { name: string }) => p.name)).toEqual([
      'Probă gratuită',
      'Grup Mic',
      'Grup Extins',
    ]);
  });
});

describe('payment state machine', () => {
  let paymentId = 0;

  test('init refuses another user, the trial plan and plans of the other audience', async () => {
    expect((await post(company(`users/${ids.owner2}/subscriptions/${plans['company:Start']}`), owner)).statusCode).toBe(
      403,
    );
    const trial = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Probă gratuită']}`), owner);
    expect(trial.statusCode).toBe(422);
    expect(trial.json().errors.subscription_id[0]).toContain('probă');
    expect(
      (await post(company(`users/${ids.owner}/subscriptions/${plans['holding:Grup Mic']}`), owner)).statusCode,
    ).toBe(404);
    expect((await post(company(`users/${ids.owner}/subscriptions/999999`), owner)).statusCode).toBe(404);
  });

  test('init → pending payment and the sandbox checkout address', async () => {
    const res = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Start']}`), owner, {
      company_id: ids.company,
      user_id: ids.owner,
      subscription_id: plans['company:Start'],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.payment).toMatchObject({
      status: 'pending',
      amount: 49,
      subscription_id: plans['company:Start'],
      plan_name: 'Start',
      provider: 'sandbox',
    });
    expect(body.redirect_url).toBe(`/sandbox-checkout/${body.payment.id}`);
    paymentId = body.payment.id;
    const read = await get(company(`payments/${paymentId}`), owner);
    expect(read.json()).toMatchObject({ id: paymentId, status: 'pending', amount: 49 });
  });

  test("another tenant's payment id is refused with 404, and changes nothing", async () => {
    expect((await get(`/api/company/${ids.company2}/payments/${paymentId}`, owner2)).statusCode).toBe(404);
    const res = await post(`/api/company/${ids.company2}/users/${ids.owner2}/payment/${paymentId}`, owner2, {
      status: 'paid',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Start');
    const asHolding = await post(
      `/api/holding/${ids.holding}/users/${ids.holdingAdmin}/payment/${paymentId}`,
      holdingAdmin,
      { status: 'paid' },
    );
    expect(asHolding.statusCode).toBe(404);
    expect((await get(company(`payments/${paymentId}`), owner)).json().status).toBe('pending');
  });

  test('store: bad input 422, another user 403', async () => {
    expect(
      (await post(company(`users/${ids.owner}/payment/${paymentId}`), owner, { status: 'maybe' })).statusCode,
    ).toBe(422);
    expect(
      (await post(company(`users/${ids.owner2}/payment/${paymentId}`), owner, { status: 'paid' })).statusCode,
    ).toBe(403);
  });

  test('paid → plan active, one month added; storing it twice counts once', async () => {
    const before = await subscriptionRow();
    const res = await post(company(`users/${ids.owner}/payment/${paymentId}`), owner, {
      status: 'paid',
      provider_ref: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, payment: { status: 'paid' } });
    const after = await subscriptionRow();
    expect(after).toMatchObject({ status: 'active', plan_id: plans['company:Start'] });
    const addedDays = (after.current_period_end.getTime() - before.current_period_end.getTime()) / 86_400_000;
    expect(addedDays).toBeGreaterThanOrEqual(28);
    expect(addedDays).toBeLessThanOrEqual(31);
    expect(res.json().payment.period_end).toBe(after.current_period_end.toISOString());

    const again = await post(company(`users/${ids.owner}/payment/${paymentId}`), owner, { status: 'paid' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, payment: { status: 'paid' } });
    expect((await subscriptionRow()).current_period_end).toEqual(after.current_period_end);

    const contradict = await post(company(`users/${ids.owner}/payment/${paymentId}`), owner, { status: 'failed' });
    expect(contradict.statusCode).toBe(409);

    const screen = (await get(company('subscription'), owner)).json();
    expect(screen.subscription).toMatchObject({ status: 'active', plan: { name: 'Start' } });
    expect(screen.payments.map((p: { id: number }) => p.id)).toEqual([paymentId]);
  });

  test('declined → failed, subscription untouched; twice counts once', async () => {
    const before = await subscriptionRow();
    const init = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Profesional']}`), owner);
    const id = init.json().payment.id as number;
    expect(init.json().payment.amount).toBe(129);
    const res = await post(company(`users/${ids.owner}/payment/${id}`), owner, { status: 'failed' });
    expect(res.json()).toMatchObject({ changed: true, payment: { status: 'failed', period_end: null } });
    const again = await post(company(`users/${ids.owner}/payment/${id}`), owner, { status: 'failed' });
    expect(again.json().changed).toBe(false);
    expect(await subscriptionRow()).toEqual(before);
    expect((await post(company(`users/${ids.owner}/payment/${id}`), owner, { status: 'paid' })).statusCode).toBe(409);
  });

  test('the holding pays through its own prefix', async () => {
    const init = await post(
      `/api/holding/${ids.holding}/users/${ids.holdingAdmin}/subscriptions/${plans['holding:Grup Mic']}`,
      holdingAdmin,
    );
    expect(init.statusCode).toBe(201);
    const id = init.json().payment.id as number;
    expect(init.json().payment).toMatchObject({ holding_id: ids.holding, company_id: null, amount: 29 });
    const paid = await post(`/api/holding/${ids.holding}/users/${ids.holdingAdmin}/payment/${id}`, holdingAdmin, {
      status: 'paid',
    });
    expect(paid.statusCode).toBe(200);
    const screen = (await get(`/api/holding/${ids.holding}/subscription`, holdingAdmin)).json();
    expect(screen.subscription).toMatchObject({ status: 'active', plan: { name: 'Grup Mic' } });
    const admins = await get(`/api/admin/payments?holding_id=${ids.holding}`, admin);
    expect(admins.json().data).toEqual([expect.objectContaining({ id, holding_name: 'Holding Unu', status: 'paid' })]);
  });
});

describe('change plan', () => {
  test('upgrade needs a payment; the same plan is refused; a cheaper plan applies at once', async () => {
    const up = await post(company(`subscriptions/${plans['company:Business']}/change`), owner);
    expect(up.statusCode).toBe(409);
    expect(up.json().message).toContain('Plătește');
    expect((await post(company(`subscriptions/${plans['company:Start']}/change`), owner)).statusCode).toBe(422);

    // Buy Profesional, then step down to Start.
    const init = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Profesional']}`), owner);
    await post(company(`users/${ids.owner}/payment/${init.json().payment.id}`), owner, { status: 'paid' });
    const periodEnd = (await subscriptionRow()).current_period_end;
    const down = await post(company(`subscriptions/${plans['company:Start']}/change`), owner);
    expect(down.statusCode).toBe(200);
    expect(down.json().subscription).toMatchObject({ status: 'active', plan: { name: 'Start' } });
    expect((await subscriptionRow()).current_period_end).toEqual(periodEnd);
  });

  test('a downgrade the usage does not fit in is refused, naming the limit', async () => {
    await post(company(`subscriptions/${plans['company:Profesional']}/change`), owner); // refused (costs more), stays Start
    const init = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Profesional']}`), owner);
    await post(company(`users/${ids.owner}/payment/${init.json().payment.id}`), owner, { status: 'paid' });
    const shrink = await post(`/api/admin/plans/${plans['company:Start']}/update`, admin, { max_clients: 2 });
    expect(shrink.statusCode).toBe(200);
    const res = await post(company(`subscriptions/${plans['company:Start']}/change`), owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Nu poți trece la planul „Start”: limita de clienți este 2, iar acum folosești 3. Reduce utilizarea sau alege un plan mai mare.',
    );
    const pay = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Start']}`), owner);
    expect(pay.statusCode).toBe(409);
    await post(`/api/admin/plans/${plans['company:Start']}/update`, admin, { max_clients: 30 });
  });
});

describe('plan limits', () => {
  const tenant = () => ({ companyId: ids.company });

  test('over the limit → 402 with a Romanian message naming the limit', async () => {
    const professional = plans['company:Profesional'];
    await post(`/api/admin/plans/${professional}/update`, admin, {
      max_clients: 3,
      max_users: 2,
      max_storage_bytes: 10_000_000,
    });
    expect((await subscriptionRow()).plan_id).toBe(professional);
    await expectAppError(
      assertCanAddClient(t.ctx.db, tenant()),
      402,
      /limita de clienți a planului „Profesional”: cel mult 3 clienți/,
    );
    await expectAppError(
      assertCanAddUser(t.ctx.db, tenant()),
      402,
      /limita de utilizatori a planului „Profesional”: cel mult 2 utilizatori/,
    );
    await expectAppError(
      assertCanStore(t.ctx.db, tenant(), 20_000_000),
      402,
      /limita de spațiu de stocare a planului „Profesional” \(9\.5 MB\)/,
    );
    await expect(assertCanStore(t.ctx.db, tenant(), 1000)).resolves.toBeUndefined();
    await post(`/api/admin/plans/${professional}/update`, admin, {
      max_clients: 4,
      max_users: null,
      max_storage_bytes: null,
    });
    await expect(assertCanAddClient(t.ctx.db, tenant())).resolves.toBeUndefined();
    await expectAppError(assertCanAddClient(t.ctx.db, tenant(), 2), 402, /cel mult 4 clienți/);
    await expect(assertCanAddUser(t.ctx.db, tenant(), 50)).resolves.toBeUndefined();
    await post(`/api/admin/plans/${professional}/update`, admin, {
      max_clients: 150,
      max_users: 15,
      max_storage_bytes: 50 * 1024 ** 3,
    });
  });

  test('an ended period makes the tenant read-only (402) without losing data; paying lifts it', async () => {
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('company_id', '=', ids.company)
      .execute();
    await expectAppError(assertWritable(t.ctx.db, tenant()), 402, /doar în citire/);
    await expectAppError(assertCanAddClient(t.ctx.db, tenant()), 402, /doar în citire/);
    const screen = (await get(company('subscription'), owner)).json();
    expect(screen.subscription).toMatchObject({ status: 'expired', read_only: true });
    expect(screen.usage.clients).toBe(3);

    const init = await post(company(`users/${ids.owner}/subscriptions/${plans['company:Start']}`), owner);
    expect(init.statusCode).toBe(201);
    await post(company(`users/${ids.owner}/payment/${init.json().payment.id}`), owner, { status: 'paid' });
    await expect(assertWritable(t.ctx.db, tenant())).resolves.toBeUndefined();
    const end = (await subscriptionRow()).current_period_end.getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * 86_400_000);
  });

  test('a tenant created without a subscription gets its trial on first use', async () => {
    const row = await t.ctx.db
      .insertInto('companies')
      .values({ name: 'Fără Abonament SRL' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(assertCanAddClient(t.ctx.db, { companyId: row.id })).resolves.toBeUndefined();
    const sub = await t.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('company_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('trial');
  });
});

test('Romanian counts', () => {
  expect([0, 1, 2, 19, 20, 25, 100, 101, 120].map((n) => countOf(n, 'client', 'clienți'))).toEqual([
    '0 clienți',
    '1 client',
    '2 clienți',
    '19 clienți',
    '20 de clienți',
    '25 de clienți',
    '100 de clienți',
    '101 clienți',
    '120 de clienți',
  ]);
});

describe('admin plans', () => {
  test('list, create, update, deactivate', async () => {
    const list = await get('/api/admin/plans', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(7);

    const invalid = await post('/api/admin/plans', admin, { name: '', audience: 'nobody', price_ron: -1 });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['name', 'audience', 'price_ron']));

    const created = await post('/api/admin/plans', admin, {
      name: 'Enterprise',
      audience: 'company',
      price_ron: 999.99,
      max_clients: null,
      max_users: null,
      max_storage_bytes: null,
      position: 9,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Enterprise',
      price_ron: 999.99,
      max_clients: null,
      is_trial: false,
      active: true,
    });
    const id = created.json().id as number;

    const updated = await post(`/api/admin/plans/${id}/update`, admin, { price_ron: 899.5, active: false });
    expect(updated.json()).toMatchObject({ price_ron: 899.5, active: false, audience: 'company' });
    expect((await post(`/api/admin/plans/${id}/update`, admin, { audience: 'holding' })).statusCode).toBe(422);
    expect((await post('/api/admin/plans/999999/update', admin, { name: 'X' })).statusCode).toBe(404);

    // An inactive plan is neither offered nor sold.
    const screen = (await get(company('subscription'), owner)).json();
    expect(screen.plans.map((p: { name: string }) => p.name)).not.toContain('Enterprise');
    expect((await post(company(`users/${ids.owner}/subscriptions/${id}`), owner)).statusCode).toBe(404);
  });
});

describe('limits on the company and holding calls', () => {
  // The second company (active on Start) and its holding (trial), untouched by the tests above.
  let owner2Token: string;
  let holding2Token: string;
  const other = { company: 0, holding: 0, client: 0 };

  beforeAll(async () => {
    owner2Token = owner2;
    holding2Token = (holding2.admin as Actor).token;
    const db = t.ctx.db;
    other.company = ids.company2;
    other.holding = holding2.id;
    other.client = (
      await db
        .selectFrom('clients')
        .select('id')
        .where('company_id', '=', ids.company2)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  const companyCall = (path: string, payload?: object) =>
    post(`/api/company/${other.company}/${path}`, owner2Token, payload);
  const holdingCall = (path: string, payload?: object) =>
    post(`/api/holding/${other.holding}/${path}`, holding2Token, payload);
  const setLimits = (name: string, audience: 'company' | 'holding', limits: object) =>
    post(`/api/admin/plans/${plans[`${audience}:${name}`]}/update`, admin, limits);

  function multipart(fileBytes: number) {
    const boundary = '----dosarlimits';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="period"\r\n\r\n2026-01\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="extras.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from('cont;suma\n'.padEnd(fileBytes, 'x')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  test('a client over the plan → 402 naming the client limit', async () => {
    const used = (await get(`/api/company/${other.company}/subscription`, owner2Token)).json().usage.clients as number;
    await setLimits('Start', 'company', { max_clients: used });
    const res = await companyCall('createClient', { name: 'Peste Limită SRL', cui: '18547290' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      `Ai atins limita de clienți a planului „Start”: cel mult ${countOf(used, 'client', 'clienți')}. Alege un plan mai mare din pagina Abonament.`,
    );
    await setLimits('Start', 'company', { max_clients: 30 });
    expect((await companyCall('createClient', { name: 'Sub Limită SRL', cui: '18547290' })).statusCode).toBe(201);
  });

  test('a user over the plan → 402 naming the user limit (company and holding)', async () => {
    await setLimits('Start', 'company', { max_users: 1 });
    const res = await companyCall('storeUser', { name: 'Ion', email: 'ion.limita@demo.ro', role: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toContain('limita de utilizatori a planului „Start”: cel mult 1 utilizator');
    await setLimits('Start', 'company', { max_users: 5 });

    await setLimits('Probă gratuită', 'holding', { max_users: 1 });
    const holdingUser = await holdingCall('storeUser', { name: 'Ana', email: 'ana.limita@demo.ro', role: 5 });
    expect(holdingUser.statusCode).toBe(402);
    expect(holdingUser.json().message).toContain('limita de utilizatori a planului „Probă gratuită”');
    await setLimits('Probă gratuită', 'holding', { max_users: 5 });
  });

  test('a holding client over the plan → 402', async () => {
    await setLimits('Probă gratuită', 'holding', { max_clients: 0 });
    const res = await holdingCall('clients/store', {
      company_id: other.company,
      name: 'Holding Limită SRL',
      cui: '34567809',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toContain('limita de clienți');
    await setLimits('Probă gratuită', 'holding', { max_clients: 10 });
  });

  test('an upload over the storage limit → 402 naming it; nothing stored', async () => {
    const used = (await get(`/api/company/${other.company}/subscription`, owner2Token)).json().usage
      .storage_bytes as number;
    await setLimits('Start', 'company', { max_storage_bytes: used + 1000 });
    const before = await t.ctx.db.selectFrom('media').select('id').where('company_id', '=', other.company).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/company/${other.company}/clients/${other.client}/storeFiles`,
      ...multipart(5000),
      headers: { ...bearer(owner2Token), ...multipart(5000).headers },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/limita de spațiu de stocare a planului „Start”/);
    const after = await t.ctx.db.selectFrom('media').select('id').where('company_id', '=', other.company).execute();
    expect(after).toHaveLength(before.length);
    await setLimits('Start', 'company', { max_storage_bytes: 10 * 1024 ** 3 });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/company/${other.company}/clients/${other.client}/storeFiles`,
      ...multipart(5000),
      headers: { ...bearer(owner2Token), ...multipart(5000).headers },
    });
    expect(ok.statusCode).toBe(201);
  });

  test('an ended period: writes 402, reads work, paying restores; other tenants see 404, not billing', async () => {
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('company_id', '=', other.company)
      .execute();
    const write = await companyCall('storeCategory', { name: 'Doar citire' });
    expect(write.statusCode).toBe(402);
    expect(write.json().message).toBe(
      'Abonamentul a expirat: contul este doar în citire până la plata unui abonament.',
    );
    expect((await companyCall('clients', {})).statusCode).toBe(200);
    expect((await companyCall(`clients/${other.client}`, {})).statusCode).toBe(200);
    // Another company's owner is refused by scope (404), never told about this company's billing.
    expect((await post(`/api/company/${other.company}/storeCategory`, owner, { name: 'x' })).statusCode).toBe(404);

    const init = await companyCall(`users/${ids.owner2}/subscriptions/${plans['company:Start']}`);
    expect(init.statusCode).toBe(201);
    await companyCall(`users/${ids.owner2}/payment/${init.json().payment.id}`, { status: 'paid' });
    expect((await companyCall('storeCategory', { name: 'Din nou activ' })).statusCode).toBe(201);

    await t.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('holding_id', '=', other.holding)
      .execute();
    expect((await holdingCall('storeUser', { name: 'Ana', email: 'ana.citire@demo.ro', role: 5 })).statusCode).toBe(
      402,
    );
    expect((await holdingCall('index', {})).statusCode).toBe(200);
  });
});
