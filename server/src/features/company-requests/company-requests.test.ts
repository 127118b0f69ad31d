import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  createClient,
  createCompany,
  createHolding,
  createUser,
  signIn,
  type Actor,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { sha256 } from '../../infra/tokens.js';

/**
 * The company-request flow: a holding (role 4) invites an accounting company,
 * the e-mailed link /company-request/{hash} is fetched, then confirmed or
 * rejected, once.
 */

let t: TestApp;
let holdingToken = '';
let holding1 = 0;
let holding2 = 0;
// Two companies, each with a holding: the first holding (its administrator, a member, a client whose
// notes carry a secret no other tenant may see) invites; the second is the other tenant.
let company1: Company;
let company2: Company;
let group1: Holding;
let group2: Holding;
let member: Actor;
const SECRET = 'CANARY-CERERI-5d1e';

// Each call from its own address, so only the throttling test meets the per-IP limit.
let calls = 0;
const nextIp = (): string => {
  calls += 1;
  return `10.1.${Math.floor(calls / 250)}.${calls % 250}`;
};

const post = (url: string, token?: string, payload?: unknown, ip = nextIp()): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** Invites through the API and answers the hash read from the e-mail. */
async function invite(body: { name: string; cui: string; email: string }): Promise<string> {
  const before = t.mail.to(body.email).length;
  const res = await post(`/api/holding/${holding1}/company-requests`, holdingToken, body);
  expect(res.statusCode).toBe(201);
  const mails = t.mail.to(body.email);
  expect(mails).toHaveLength(before + 1);
  const match = /company-request\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1].text);
  expect(match).not.toBeNull();
  return (match as RegExpExecArray)[1];
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company1 = await createCompany(t);
  group1 = await createHolding(t, company1, { name: 'Holding Unu' });
  await createClient(t, company1, { holding_id: group1.id, notes: SECRET });
  member = await createUser(t, group1, { role: 5 });
  company2 = await createCompany(t, { name: 'Alt Contabil SRL' });
  group2 = await createHolding(t, company2);
  holding1 = group1.id;
  holding2 = group2.id;
  holdingToken = (group1.admin as Actor).token;
});
afterAll(() => t.close());

describe('inviting (role 4)', () => {
  test('validation, roles and scope', async () => {
    const url = `/api/holding/${holding1}/company-requests`;
    const valid = { name: 'Contabilitate Nouă SRL', cui: 'RO18547290', email: 'nou@contabil.ro' };
    const cases: [unknown, string][] = [
      [{ ...valid, cui: '18547291' }, 'cui'],
      [{ ...valid, email: 'nu-e-adresa' }, 'email'],
      [{ ...valid, name: '  ' }, 'name'],
      [{ name: valid.name, cui: valid.cui }, 'email'],
      [{ ...valid, holding_id: holding2 }, 'holding_id'],
      // The first company's owner already works with Holding Unu.
      [{ ...valid, email: company1.owner.email }, 'email'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(url, holdingToken, payload);
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await post(url, undefined, valid)).statusCode).toBe(401);
    expect((await post(url, member.token, valid)).statusCode).toBe(403);
    expect((await post(url, company1.owner.token, valid)).statusCode).toBe(403);
    const other = (group2.admin as Actor).token;
    const foreign = await post(url, other, valid);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(SECRET);
    const list = await t.app.inject({ method: 'GET', url, headers: bearer(other) });
    expect(list.statusCode).toBe(404);
    expect(t.mail.to('nou@contabil.ro')).toHaveLength(0);
  });

  test('stores only the SHA-256 of the hash and mails the link', async () => {
    const hash = await invite({ name: 'Contabilitate Nouă SRL', cui: 'RO18547290', email: 'Nou@Contabil.ro' });
    expect(hash.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const rows = await t.ctx.db.selectFrom('company_requests').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      hash_sha256: sha256(hash),
      status: 'pending',
      email: 'nou@contabil.ro',
      cui: 'RO18547290',
      holding_id: holding1,
    });
    expect(JSON.stringify(rows)).not.toContain(hash);
    const days = (new Date(rows[0].expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const mail = t.mail.to('nou@contabil.ro')[0];
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}company-request/${hash}`);
    expect(mail.text).toContain('Holding Unu');

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/holding/${holding1}/company-requests`,
      headers: bearer(holdingToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ name: 'Contabilitate Nouă SRL', status: 'pending', expired: false });
    expect(list.body).not.toContain(hash);
    expect(list.body).not.toContain(sha256(hash));
  });
});

describe('the public link', () => {
  test('invite → fetch → confirm: company and owner created, set-password mail, company linked; the hash works once', async () => {
    const hash = await invite({ name: 'Cifre Exacte SRL', cui: '34567892', email: 'office@cifre-exacte.ro' });

    const shown = await post(`/api/company-requests/${hash}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      holding: { name: 'Holding Unu' },
      company: { name: 'Cifre Exacte SRL', cui: '34567892', email: 'office@cifre-exacte.ro' },
      status: 'pending',
      expires_at: expect.any(String),
    });
    expect(shown.body).not.toContain(SECRET);

    const confirmed = await post(`/api/confirm-company/${hash}`, undefined, { name: 'Ioana Cifre' });
    expect(confirmed.statusCode).toBe(200);
    const { company, message } = confirmed.json();
    expect(company).toEqual({ id: expect.any(Number), name: 'Cifre Exacte SRL' });
    expect(message).toContain('Cifre Exacte SRL');

    // The new owner received a set-password e-mail that works.
    const mails = t.mail.to('office@cifre-exacte.ro');
    expect(mails).toHaveLength(2);
    const link = /reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(mails[1].text);
    expect(link).not.toBeNull();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        token: (link as RegExpExecArray)[1],
        email: 'office@cifre-exacte.ro',
        password: 'Cifre2026',
        password_confirmation: 'Cifre2026',
      },
    });
    expect(reset.statusCode).toBe(200);
    const ownerToken = (await signIn(t, 'office@cifre-exacte.ro', 'Cifre2026')).token;
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(ownerToken) })).json();
    expect(me).toMatchObject({ name: 'Ioana Cifre', role: 2, company: { id: company.id, name: 'Cifre Exacte SRL' } });
    const categories = await t.ctx.db
      .selectFrom('categories')
      .select('name')
      .where('company_id', '=', company.id)
      .execute();
    expect(categories.length).toBeGreaterThan(0);

    // Linked to the holding; the holding's admin was told.
    const companies = await t.app.inject({
      method: 'GET',
      url: `/api/holding/${holding1}/companies`,
      headers: bearer(holdingToken),
    });
    expect(companies.json().data.map((c: { name: string }) => c.name)).toContain('Cifre Exacte SRL');
    expect(t.mail.to(group1.email).some((m) => m.text.includes('a acceptat'))).toBe(true);

    // Once only.
    for (const url of [
      `/api/company-requests/${hash}`,
      `/api/confirm-company/${hash}`,
      `/api/reject-company/${hash}`,
    ]) {
      const again = await post(url);
      expect([url, again.statusCode]).toEqual([url, 410]);
      expect(again.json().message).toMatch(/deja confirmată/);
    }
    const row = await t.ctx.db
      .selectFrom('company_requests')
      .selectAll()
      .where('hash_sha256', '=', sha256(hash))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'confirmed', company_id: company.id });
    expect(row.decided_at).not.toBeNull();
  });

  test('an existing company owner: their company is linked, no new account', async () => {
    const hash = await invite({ name: 'Alt Contabil SRL', cui: `RO${company2.cui}`, email: company2.owner.email });
    const before = await t.ctx.db.selectFrom('companies').select('id').execute();
    const res = await post(`/api/confirm-company/${hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().company.name).toBe('Alt Contabil SRL');
    expect(await t.ctx.db.selectFrom('companies').select('id').execute()).toHaveLength(before.length);
    expect(t.mail.to(company2.owner.email).filter((m) => m.text.includes('reset-password'))).toHaveLength(0);
    const linked = await t.ctx.db
      .selectFrom('company_holding')
      .select('holding_id')
      .where('company_id', '=', res.json().company.id)
      .execute();
    expect(linked.map((l) => l.holding_id).sort()).toEqual([holding1, holding2].sort());
  });

  test('a CUI another live company has: the company is born without it and claims it; a non-owner address is refused', async () => {
    const hash = await invite({ name: 'Copie SRL', cui: `RO${company1.cui}`, email: 'copie@exemplu.ro' });
    const res = await post(`/api/confirm-company/${hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('CUI-ul este deja folosit de altă companie din Dosar');
    const born = await t.ctx.db
      .selectFrom('companies')
      .select(['id', 'cui'])
      .where('id', '=', res.json().company.id)
      .executeTakeFirstOrThrow();
    expect(born.cui).toBeNull();
    const claim = await t.ctx.db
      .selectFrom('cui_claims')
      .selectAll()
      .where('company_id', '=', born.id)
      .executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ status: 'pending', holder_company_id: company1.id });
    // company1 keeps its CUI until the platform administrator decides.
    expect(
      (await t.ctx.db.selectFrom('companies').select('cui').where('id', '=', company1.id).executeTakeFirstOrThrow())
        .cui,
    ).toBe(company1.cui);
    const notOwner = await invite({ name: 'Alta SRL', cui: '45678900', email: group2.email });
    expect((await post(`/api/confirm-company/${notOwner}`)).statusCode).toBe(409);
    expect((await post(`/api/company-requests/${notOwner}`)).statusCode).toBe(200);
  });

  test('reject marks the request rejected; the hash then answers 410', async () => {
    const hash = await invite({ name: 'Refuz SRL', cui: '56789016', email: 'refuz@exemplu.ro' });
    const res = await post(`/api/reject-company/${hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('respinsă');
    const row = await t.ctx.db
      .selectFrom('company_requests')
      .select(['status', 'decided_at', 'company_id'])
      .where('hash_sha256', '=', sha256(hash))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', company_id: null });
    for (const url of [
      `/api/company-requests/${hash}`,
      `/api/confirm-company/${hash}`,
      `/api/reject-company/${hash}`,
    ]) {
      const again = await post(url);
      expect([url, again.statusCode]).toEqual([url, 410]);
      expect(again.json().message).toMatch(/deja respinsă/);
    }
    expect(await t.ctx.db.selectFrom('companies').select('id').where('name', '=', 'Refuz SRL').execute()).toHaveLength(
      0,
    );
    expect(t.mail.to(group1.email).some((m) => m.text.includes('a refuzat'))).toBe(true);
  });

  test('an expired request answers 410; an unknown or mangled hash 404', async () => {
    const hash = await invite({ name: 'Târziu SRL', cui: '89012341', email: 'tarziu@exemplu.ro' });
    await t.ctx.db
      .updateTable('company_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('hash_sha256', '=', sha256(hash))
      .execute();
    for (const url of [
      `/api/company-requests/${hash}`,
      `/api/confirm-company/${hash}`,
      `/api/reject-company/${hash}`,
    ]) {
      const res = await post(url);
      expect([url, res.statusCode]).toEqual([url, 410]);
      expect(res.json().message).toMatch(/expirat/);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/holding/${holding1}/company-requests?status=pending`,
      headers: bearer(holdingToken),
    });
    expect(list.json().data.find((r: { name: string }) => r.name === 'Târziu SRL')).toMatchObject({ expired: true });

    for (const bad of ['A'.repeat(43), 'abc', '..%2F..', 'x'.repeat(99), '%E2%9C%93'.repeat(5)]) {
      for (const prefix of ['/api/company-requests/', '/api/confirm-company/', '/api/reject-company/']) {
        const res = await post(`${prefix}${bad}`);
        expect([prefix + bad, res.statusCode]).toEqual([prefix + bad, 404]);
        expect(res.json().message).toMatch(/nu a fost găsită/);
      }
    }
  });

  test('the public calls are throttled per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await post(`/api/company-requests/${'B'.repeat(43)}`, undefined, undefined, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    expect((await post(`/api/company-requests/${'B'.repeat(43)}`, undefined, undefined, '10.9.9.8')).statusCode).toBe(
      404,
    );
  });
});
