import { sql } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createAdmin,
  createClient,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  PASSWORD,
  signIn,
  uploadDocument,
  type Actor,
  type Company,
} from '../../../test/factories.js';
import { drainOutbox } from '../../infra/outbox.js';

let t: TestApp;
let admin: string;
const tokens: Record<string, string> = {};
let first: Company;
let second: Company;
let staff: Actor;
let holdingAdmin: Actor;
let member: Actor;

/**
 * The platform as the administrator sees it: "Contabil Unu SRL" on trial (owner and staff, 3 clients,
 * 2 of them in "Holding Unu", whose administrator and member are its 2 users; one stored document), and
 * "Alt Contabil SRL", a paying customer of "Start" (a declined attempt 12 days ago, a paid month
 * 11 days ago) with its own holding "Alt Grup".
 */
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = (await createAdmin(t)).token;
  first = await createCompany(t, { name: 'Contabil Unu SRL', cui: '12345674' });
  staff = await createUser(t, first, { role: 3 });
  const holding = await createHolding(t, first, { name: 'Holding Unu' });
  holdingAdmin = holding.admin as Actor;
  await createClient(t, first, { holding_id: holding.id });
  const outside = await createClient(t, first);
  await uploadDocument(t, staff, outside);
  member = await createUser(t, holding, { role: 5 });
  second = await createCompany(t, { name: 'Alt Contabil SRL', cui: '67890120' });
  await createHolding(t, second, { name: 'Alt Grup' });
  await payStart(second, 'failed', 12);
  await payStart(second, 'paid', 11);
  for (const user of [first.owner, staff, holdingAdmin, member]) tokens[user.email] = user.token;
});
afterAll(() => t.close());

/** One sandbox checkout of "Start" by the company's owner, decided `daysAgo` days ago. */
async function payStart(company: Company, status: 'paid' | 'failed', daysAgo: number): Promise<void> {
  const start = await t.ctx.db
    .selectFrom('plans')
    .select('id')
    .where('audience', '=', 'company')
    .where('name', '=', 'Start')
    .executeTakeFirstOrThrow();
  const owner = api(t).as(company.owner);
  const base = `/api/company/${company.id}/users/${company.owner.id}`;
  const init = expectStatus(await owner.post(`${base}/subscriptions/${start.id}`), 201, 'checkout of Start');
  const id = init.json.payment.id as number;
  expectStatus(await owner.post(`${base}/payment/${id}`, { status }), 200, `payment ${status}`);
  const ago = sql<Date>`now() - make_interval(days => ${daysAgo})`;
  await t.ctx.db.updateTable('payments').set({ created_at: ago, decided_at: ago }).where('id', '=', id).execute();
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function companyId(name: string): Promise<number> {
  return [first, second].find((c) => c.name === name)?.id ?? 0;
}

const ADMIN_CALLS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/companies' },
  { method: 'GET', url: '/api/admin/companies/1' },
  {
    method: 'POST',
    url: '/api/admin/companies',
    payload: { name: 'X', cui: 'RO12345674', owner_name: 'X', owner_email: 'x@x.ro' },
  },
  { method: 'POST', url: '/api/admin/companies/1/suspend' },
  { method: 'POST', url: '/api/admin/companies/1/reactivate' },
  { method: 'GET', url: '/api/admin/holdings' },
  { method: 'GET', url: '/api/admin/holdings/1' },
  { method: 'GET', url: '/api/admin/payments' },
  { method: 'GET', url: '/api/admin/payments.csv' },
  { method: 'GET', url: '/api/admin/plans' },
  { method: 'POST', url: '/api/admin/plans', payload: { name: 'X' } },
  { method: 'POST', url: '/api/admin/plans/1/update', payload: { name: 'X' } },
  { method: 'GET', url: '/api/admin/campaigns' },
  { method: 'GET', url: '/api/admin/campaigns/1' },
  {
    method: 'POST',
    url: '/api/admin/campaigns/preview',
    payload: { subject: 'X', html: '<p>X</p>', audience: 'company_owners' },
  },
  {
    method: 'POST',
    url: '/api/admin/campaigns',
    payload: { subject: 'X', html: '<p>X</p>', audience: 'company_owners' },
  },
];

describe('every admin call is refused to everyone but role 1', () => {
  test.each(ADMIN_CALLS)('$method $url', async (call) => {
    const anonymous = await t.app.inject({ method: call.method, url: call.url, payload: call.payload });
    expect(anonymous.statusCode).toBe(401);
    for (const email of Object.keys(tokens)) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: bearer(tokens[email]),
      });
      expect([email, res.statusCode]).toEqual([email, 403]);
      expect(res.json()).toEqual(expect.objectContaining({ message: 'Nu esti autorizat sa accesezi aceasta pagina' }));
    }
    // Nothing was sent or created by the refused calls.
    expect(await t.ctx.db.selectFrom('campaigns').select('id').execute()).toHaveLength(0);
  });
});

describe('companies', () => {
  test('search and page', async () => {
    const all = await get('/api/admin/companies', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect(all.json().data.map((c: { name: string }) => c.name)).toEqual(['Alt Contabil SRL', 'Contabil Unu SRL']);
    const firstRow = all.json().data[1];
    expect(firstRow).toMatchObject({
      status: 'active',
      users_count: 2,
      clients_count: 3,
      plan_name: 'Probă gratuită',
      subscription_status: 'trial',
    });
    const other = all.json().data[0];
    expect(other).toMatchObject({ plan_name: 'Start', subscription_status: 'active' });

    const search = await get(`/api/admin/companies?search=${encodeURIComponent('unu')}`, admin);
    expect(search.json().data.map((c: { name: string }) => c.name)).toEqual(['Contabil Unu SRL']);
    const byCui = await get('/api/admin/companies?search=67890120', admin);
    expect(byCui.json().data.map((c: { name: string }) => c.name)).toEqual(['Alt Contabil SRL']);
    const percent = await get(`/api/admin/companies?search=${encodeURIComponent('%')}`, admin);
    expect(percent.json().meta.total).toBe(0);
    const paged = await get('/api/admin/companies?per_page=1&page=2&sort=name&direction=asc', admin);
    expect(paged.json().data.map((c: { name: string }) => c.name)).toEqual(['Contabil Unu SRL']);
    expect(paged.json().meta).toEqual({ page: 2, per_page: 1, total: 2 });
    const bad = await get('/api/admin/companies?per_page=abc', admin);
    expect(bad.statusCode).toBe(422);
  });

  test('detail: users, clients, storage, plan, payments; unknown id 404', async () => {
    const id = await companyId('Contabil Unu SRL');
    const res = await get(`/api/admin/companies/${id}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.company).toMatchObject({ id, name: 'Contabil Unu SRL', status: 'active' });
    expect(body.users.map((u: { email: string }) => u.email).sort()).toEqual([first.owner.email, staff.email].sort());
    expect(body.clients_count).toBe(3);
    const media = await t.ctx.db.selectFrom('media').select('size').where('company_id', '=', id).execute();
    expect(body.storage_bytes).toBe(media.reduce((s, m) => s + Number(m.size), 0));
    expect(body.storage_bytes).toBeGreaterThan(0);
    expect(body.subscription).toMatchObject({ status: 'trial', plan: { name: 'Probă gratuită', is_trial: true } });
    expect(body.holdings.map((h: { name: string }) => h.name)).toEqual(['Holding Unu']);
    expect(res.body).not.toMatch(/password|token_hash/);

    const other = await get(`/api/admin/companies/${await companyId('Alt Contabil SRL')}`, admin);
    expect(other.json().payments.map((p: { status: string }) => p.status)).toEqual(['paid', 'failed']);
    expect((await get('/api/admin/companies/999999', admin)).statusCode).toBe(404);
  });

  test('create: company + owner invited to set a password, on trial', async () => {
    const invalid = await post('/api/admin/companies', admin, {
      name: 'Nouă SRL',
      cui: '123',
      owner_name: 'Ion',
      owner_email: first.owner.email,
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['cui', 'owner_email']);
    const taken = await post('/api/admin/companies', admin, {
      name: 'Nouă SRL',
      cui: 'RO12345674',
      owner_name: 'Ion',
      owner_email: 'ion@noua.ro',
    });
    expect(taken.json().errors.cui).toEqual(['Există deja o companie cu acest CUI.']);

    const res = await post('/api/admin/companies', admin, {
      name: 'Firmă Nouă SRL',
      cui: '18547290',
      email: '',
      phone: '0740123456',
      owner_name: 'Ion Popescu',
      owner_email: 'Ion@Noua.ro',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.company).toMatchObject({ name: 'Firmă Nouă SRL', cui: '18547290', status: 'active' });
    expect(body.users).toEqual([expect.objectContaining({ email: 'ion@noua.ro', role: 2, name: 'Ion Popescu' })]);
    expect(body.subscription).toMatchObject({ status: 'trial', plan: { name: 'Probă gratuită' } });

    // The invitation goes out through the outbox.
    expect(t.mail.to('ion@noua.ro')).toHaveLength(0);
    await drainOutbox(t.ctx);
    const [mail] = t.mail.to('ion@noua.ro');
    expect(mail.subject).toContain('setează parola');
    const link = /reset-password\/([A-Za-z0-9_-]+)\?email=([^\s"&]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const reset = await post('/api/password/reset', undefined, {
      token: link?.[1],
      email: 'ion@noua.ro',
      password: 'Parola1234',
      password_confirmation: 'Parola1234',
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t, 'ion@noua.ro', 'Parola1234').then((u) => u.token)).resolves.toMatch(/\|/);
  });

  test('suspend blocks login and existing tokens; reactivate restores; nothing deleted', async () => {
    const id = await companyId('Contabil Unu SRL');
    const ownerToken = tokens[first.owner.email];
    expect((await get('/api/user', ownerToken)).statusCode).toBe(200);

    const suspended = await post(`/api/admin/companies/${id}/suspend`, admin);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().company.status).toBe('suspended');

    const login = await post('/api/login', undefined, { email: first.owner.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('Contul companiei este suspendat. Contactează administratorul platformei.');
    const me = await get('/api/user', ownerToken);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toContain('suspendat');
    expect((await get('/api/user', tokens[staff.email])).statusCode).toBe(401);
    // The holding's people are not the company's: they keep working.
    expect((await get('/api/user', tokens[holdingAdmin.email])).statusCode).toBe(200);

    const listed = await get('/api/admin/companies?status=suspended', admin);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toEqual([id]);

    const back = await post(`/api/admin/companies/${id}/reactivate`, admin);
    expect(back.json().company.status).toBe('active');
    expect((await get('/api/user', ownerToken)).statusCode).toBe(200);
    await expect(signIn(t, first.owner.email, PASSWORD).then((u) => u.token)).resolves.toMatch(/\|/);
    const detail = await get(`/api/admin/companies/${id}`, admin);
    expect(detail.json().clients_count).toBe(3);

    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('subject', '=', `company:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['admin.company.suspend', 'admin.company.reactivate']),
    );
    expect((await post('/api/admin/companies/999999/suspend', admin)).statusCode).toBe(404);
  });
});

describe('holdings', () => {
  test('search, page and detail with linked companies and users', async () => {
    const list = await get('/api/admin/holdings', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((h: { name: string }) => h.name)).toEqual(['Alt Grup', 'Holding Unu']);
    const grupUnu = list.json().data[1];
    expect(grupUnu).toMatchObject({
      companies_count: 1,
      users_count: 2,
      clients_count: 2,
      subscription_status: 'trial',
    });
    const search = await get('/api/admin/holdings?search=alt', admin);
    expect(search.json().meta.total).toBe(1);

    const detail = await get(`/api/admin/holdings/${grupUnu.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().companies.map((c: { name: string }) => c.name)).toEqual(['Contabil Unu SRL']);
    expect(
      detail
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual([member.email, holdingAdmin.email].sort());
    expect(detail.json().subscription.plan.audience).toBe('holding');
    expect((await get('/api/admin/holdings/999999', admin)).statusCode).toBe(404);
  });
});

describe('payments', () => {
  test('filters by status, period and tenant, with totals per status', async () => {
    const altId = await companyId('Alt Contabil SRL');
    const all = await get('/api/admin/payments', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta.total).toBe(2);
    expect(all.json().totals).toEqual({
      pending: { count: 0, amount: 0 },
      paid: { count: 1, amount: 49 },
      failed: { count: 1, amount: 49 },
    });
    expect(all.json().data[0]).toMatchObject({
      company_name: 'Alt Contabil SRL',
      status: 'paid',
      amount: 49,
      plan_name: 'Start',
      user_email: second.owner.email,
    });

    const paid = await get('/api/admin/payments?status=paid', admin);
    expect(paid.json().data.map((p: { status: string }) => p.status)).toEqual(['paid']);
    expect(paid.json().totals.failed.count).toBe(0);

    const tenant = await get(`/api/admin/payments?company_id=${altId}`, admin);
    expect(tenant.json().meta.total).toBe(2);
    const otherTenant = await get(`/api/admin/payments?company_id=${await companyId('Contabil Unu SRL')}`, admin);
    expect(otherTenant.json().meta.total).toBe(0);
    expect((await get('/api/admin/payments?holding_id=1', admin)).json().meta.total).toBe(0);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/api/admin/payments?from=${day(-1)}`, admin)).json().meta.total).toBe(0);
    expect((await get(`/api/admin/payments?from=${day(-30)}&to=${day(0)}`, admin)).json().meta.total).toBe(2);
    expect((await get(`/api/admin/payments?to=${day(-20)}`, admin)).json().meta.total).toBe(0);
    expect((await get('/api/admin/payments?from=2026-13-01', admin)).statusCode).toBe(422);
  });

  test('CSV export: BOM, Romanian headers, escaping, filters', async () => {
    // A plan name with the separator and quotes, to see the escaping.
    await t.ctx.db
      .updateTable('payments')
      .set({ plan_name: 'Start; "special"' })
      .where('status', '=', 'failed')
      .execute();
    const res = await get('/api/admin/payments.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="plati-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Nr. plată;Data;Tip client;Firmă / holding;Plan;Sumă;Monedă;Stare;Procesator;Referință procesator;Plătitor;E-mail plătitor;Valabil până la',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(';Companie;Alt Contabil SRL;"Start; ""special""";"49,00";RON;Eșuată;sandbox;');
    expect(lines[2]).toContain(';Plătită;');
    expect(lines[3]).toBe('');
    const filtered = await get('/api/admin/payments.csv?status=paid', admin);
    expect(filtered.body.split('\r\n')).toHaveLength(3);
  });
});
