import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  createAdmin,
  createCompany,
  createHolding,
  createUser,
  PASSWORD,
  signIn,
  type Actor,
  type Company,
  type Holding,
} from '../../../test/factories.js';

// A user of each role: a company (owner, staff) with a holding (administrator, member), and a second
// company with its own holding.
let t: TestApp;
let admin: Actor;
let company: Company;
let staff: Actor;
let holding: Holding;
let member: Actor;
let company2: Company;
let holding2: Holding;
const email = {} as Record<'admin' | 'owner' | 'staff' | 'holding' | 'client' | 'owner2' | 'holding2', string>;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await createAdmin(t);
  company = await createCompany(t, { name: 'Contabil Unu SRL' });
  staff = await createUser(t, company, { role: 3 });
  holding = await createHolding(t, company, { name: 'Holding Unu' });
  member = await createUser(t, holding, { role: 5 });
  company2 = await createCompany(t, { name: 'Contabil Doi SRL' });
  holding2 = await createHolding(t, company2, { name: 'Holding Doi' });
  Object.assign(email, {
    admin: admin.email,
    owner: company.owner.email,
    staff: staff.email,
    holding: (holding.admin as Actor).email,
    client: member.email,
    owner2: company2.owner.email,
    holding2: (holding2.admin as Actor).email,
  });
});
afterAll(() => t.close());

const tokenOf = async (address: string): Promise<string> => (await signIn(t, address, PASSWORD)).token;

const SECRETS = ['password_hash', 'token_hash', '$argon2'];

/** Every response of this file goes through here: none may carry a hash. */
async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(options);
  for (const secret of SECRETS) expect(res.body).not.toContain(secret);
  return res;
}

const login = (email: string, password: string, remoteAddress?: string) =>
  call({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const auditActions = async (userId: number | null, subject?: string) => {
  let q = t.ctx.db.selectFrom('audit_events').select(['action', 'subject', 'ip', 'user_id']).orderBy('id');
  if (userId !== null) q = q.where('user_id', '=', userId);
  if (subject) q = q.where('subject', '=', subject);
  return q.execute();
};

describe('POST /api/login', () => {
  test('each role signs in and gets itself with company/holding and a token', async () => {
    const cases = [
      { email: email.admin, role: 1, company: null, holding: null },
      { email: email.owner, role: 2, company: 'Contabil Unu SRL', holding: null },
      { email: email.staff, role: 3, company: 'Contabil Unu SRL', holding: null },
      { email: email.holding, role: 4, company: null, holding: 'Holding Unu' },
      { email: email.client, role: 5, company: null, holding: 'Holding Unu' },
    ];
    for (const c of cases) {
      const res = await login(c.email, PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^\d+\|[A-Za-z0-9_-]{40,}$/);
      expect(body.user).toMatchObject({ email: c.email, role: c.role });
      expect(body.user.company?.name ?? null).toBe(c.company);
      expect(body.user.holding?.name ?? null).toBe(c.holding);
      expect(Object.keys(body.user).sort()).toEqual([
        'company',
        'company_id',
        'email',
        'email_verified',
        'holding',
        'holding_id',
        'id',
        'name',
        'pending_email',
        'role',
        'two_factor_enabled',
        'two_factor_required',
      ]);
    }
  });

  test('the e-mail is case- and space-insensitive', async () => {
    const res = await login(`  ${email.owner.toUpperCase()} `, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email.owner);
  });

  test('wrong password and unknown e-mail: 401 with the same Romanian `error`', async () => {
    const wrong = await login(email.owner, 'Gresit123');
    const unknown = await login('nimeni@demo.ro', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: 'E-mailul sau parola nu sunt corecte.',
        error: 'E-mailul sau parola nu sunt corecte.',
      });
      expect(res.json()).not.toHaveProperty('token');
    }
  });

  test('the answer takes as long for an invited account as for a real one or an unknown address', async () => {
    const invited = `invitat-${Date.now()}@firma.test`;
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/company/${company.id}/storeUser`,
      headers: bearer(company.owner.token),
      payload: { name: 'Invitat Fără Parolă', email: invited, role: 3 },
    });
    expect(stored.statusCode).toBe(201);
    // Each try from its own address, so the per-IP throttle never answers instead of the check.
    let ip = 0;
    const attempt = async (email: string): Promise<number> => {
      const started = process.hrtime.bigint();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
        payload: { email, password: 'Gresit123!' },
      });
      expect(res.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // The three addresses take turns, so a busy moment of the machine slows each of them alike.
    const addresses = [email.owner, invited, `nimeni-${Date.now()}@firma.test`];
    const times: number[][] = addresses.map(() => []);
    for (let i = 0; i < 15; i++) for (const [k, address] of addresses.entries()) times[k].push(await attempt(address));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[7];
    const real = median(times[0]);
    for (const [k, other] of addresses.entries()) {
      if (k === 0) continue;
      const ratio = median(times[k]) / real;
      // A hash verification costs ~20 ms; skipping it answered in ~3 ms (ratio ~0.15).
      expect([other, ratio > 0.5 && ratio < 2]).toEqual([other, true]);
    }
  });

  test('one address gets 50 failed sign-ins in 10 minutes, whatever the e-mails; then 429 before any hashing', async () => {
    const from = { remoteAddress: '10.66.0.1' };
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        ...from,
        payload: { email: `nimeni-${i}-${Date.now()}@firma.test`, password: 'Gresit123!' },
      });
      expect(res.statusCode).toBe(401);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      ...from,
      payload: { email: email.owner, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Prea multe încercări/);
    // Another address signs in as usual.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.66.0.2',
      payload: { email: email.owner, password: PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });

  test('one account gets 30 failed sign-ins in 15 minutes from any addresses; then 429 before any hashing', async () => {
    const victim = await createUser(t, company, { role: 3 });
    const attempt = (i: number, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.77.${Math.floor(i / 200)}.${i % 200}`,
        payload: { email: victim.email, password },
      });
    for (let i = 0; i < 30; i++) expect((await attempt(i, `Ghicit${i}!`)).statusCode).toBe(401);
    const refused = await attempt(31, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Prea multe încercări\. Încearcă din nou peste \d+ (de )?minute\.$/);
    // An unknown address is counted the same way, so the 429 says nothing about which ones exist.
    const unknown = `nimeni-${Date.now()}@firma.test`;
    for (let i = 0; i < 30; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.78.0.${i}`,
        payload: { email: unknown, password: 'x' },
      });
    const unknownRefused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.78.1.1',
      payload: { email: unknown, password: 'x' },
    });
    expect(unknownRefused.statusCode).toBe(429);
    // Other accounts sign in as usual.
    expect((await login(email.owner2, PASSWORD, '10.77.9.9')).statusCode).toBe(200);
  });

  test('missing or empty fields: 422 with Romanian field errors', async () => {
    const res = await call({ method: 'POST', url: '/api/login', payload: { email: '' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('Datele trimise nu sunt valide.');
    expect(body.errors.email).toEqual(['Câmpul e-mail este obligatoriu.']);
    expect(body.errors.password).toEqual(['Câmpul parolă este obligatoriu.']);
    const wrongType = await call({ method: 'POST', url: '/api/login', payload: { email: 5, password: ['x'] } });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['email', 'password']);
  });

  test('the 6th try within a minute (same e-mail + IP) answers 429 in Romanian, even with the right password', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < 5; i++) expect((await login(email.staff, `Gresit${i}a`, ip)).statusCode).toBe(401);
    const sixth = await login(email.staff, PASSWORD, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Prea multe încercări\. Încearcă din nou peste \d+ (de )?secunde\.$/);
    expect(sixth.json().error).toBe(sixth.json().message);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP, or another e-mail from this IP, is not blocked.
    expect((await login(email.staff, PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    expect((await login(email.owner, PASSWORD, ip)).statusCode).toBe(200);
  });

  test('a successful sign-in resets the failure counter', async () => {
    const ip = '10.1.0.3';
    for (let i = 0; i < 4; i++) expect((await login(email.holding, 'Gresit1x', ip)).statusCode).toBe(401);
    expect((await login(email.holding, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email.holding, 'Gresit1x', ip)).statusCode).toBe(401);
    expect((await login(email.holding, 'Gresit1x', ip)).statusCode).toBe(429);
  });

  test('a user of a suspended company: 403 with a Romanian `error`, and their open session stops working', async () => {
    const token = await tokenOf(email.owner2);
    await t.ctx.db.updateTable('companies').set({ status: 'suspended' }).where('id', '=', company2.id).execute();
    try {
      const res = await login(email.owner2, PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Contul companiei este suspendat. Contactează administratorul platformei.');
      expect(res.json()).not.toHaveProperty('token');
      const me = await call({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      // The holding of the other tenant is not a company user: unaffected.
      expect((await login(email.holding2, PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.updateTable('companies').set({ status: 'active' }).where('id', '=', company2.id).execute();
    }
  });

  test('success and failure are written to the audit trail with the IP', async () => {
    await login(email.client, 'Gresit123', '10.1.0.4');
    await login(email.client, PASSWORD, '10.1.0.4');
    await login('fantoma@demo.ro', 'Gresit123', '10.1.0.4');
    const client = member;
    const rows = await auditActions(client.id);
    expect(rows.slice(-2)).toEqual([
      { action: 'login.failure', subject: email.client, ip: '10.1.0.4', user_id: client.id },
      { action: 'login.success', subject: email.client, ip: '10.1.0.4', user_id: client.id },
    ]);
    expect(await auditActions(null, 'fantoma@demo.ro')).toEqual([
      { action: 'login.failure', subject: 'fantoma@demo.ro', ip: '10.1.0.4', user_id: null },
    ]);
  });

  test('only the SHA-256 of the token secret is stored', async () => {
    const token = await tokenOf(email.admin);
    const [id, secret] = token.split('|');
    const row = await t.ctx.db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(secret);
    expect(secret.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
  });
});

describe('GET /api/user and POST /api/logout', () => {
  test('the current user; anonymous or malformed token → 401 with the sign-in message', async () => {
    const token = await tokenOf(email.owner);
    const res = await call({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: email.owner,
      role: 2,
      company: { name: 'Contabil Unu SRL', status: 'active' },
    });
    for (const headers of [
      {},
      bearer('nu-e-token'),
      bearer(`${token.split('|')[0]}|${'x'.repeat(43)}`),
      { authorization: token },
    ]) {
      const anon = await call({ method: 'GET', url: '/api/user', headers });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().message).toBe('Trebuie sa fii autentificat ca sa accesezi aceasta pagina');
    }
  });

  test('logout revokes only that token; it is refused afterwards', async () => {
    const first = await tokenOf(email.staff);
    const second = await tokenOf(email.staff);
    const out = await call({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Te-ai deconectat.' });
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(first) })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/logout', headers: bearer(first) })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(second) })).statusCode).toBe(200);
    expect((await auditActions(staff.id)).map((r) => r.action)).toContain('logout');
  });

  test('logout without a token → 401', async () => {
    expect((await call({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  test('/api/docs documents every auth route with its body and response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
    >;
    const expected: [string, string, string[]][] = [
      ['/api/login', 'post', ['200', '401', '403', '422', '429']],
      ['/api/logout', 'post', ['200', '401']],
      ['/api/user', 'get', ['200', '401']],
      ['/api/password/email', 'post', ['200', '422', '429']],
      ['/api/password/reset', 'post', ['200', '422']],
      ['/api/users/{id}/update', 'post', ['200', '401', '404', '422']],
      ['/api/company/create', 'post', ['201', '422', '429']],
    ];
    for (const [path, method, statuses] of expected) {
      const op = paths[path]?.[method];
      expect(op).toBeDefined();
      for (const status of statuses) expect(op.responses[status]).toBeDefined();
      if (method === 'post' && path !== '/api/logout') expect(op.requestBody).toBeDefined();
    }
    expect(res.body).not.toContain('password_hash');
  });
});
