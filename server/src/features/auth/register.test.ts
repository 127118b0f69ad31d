import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import { createCompany, type Company } from '../../../test/factories.js';
import { isValidCui } from '../../lib/cui.js';

let t: TestApp;
/** A company registered before this file's own registrations: its owner's e-mail is taken. */
let existing: Company;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  existing = await createCompany(t);
});
afterAll(() => t.close());

const SECRETS = ['password_hash', 'token_hash', '$argon2'];

/** Every response of this file goes through here: none may carry a hash. */
async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(options);
  for (const secret of SECRETS) expect(res.body).not.toContain(secret);
  return res;
}

/** A valid CUI: base digits plus the control digit (key 753217532). */
function cui(base: string): string {
  const key = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const digits = base.padStart(9, '0').split('').map(Number);
  const control = ((digits.reduce((acc, d, i) => acc + d * key[i], 0) * 10) % 11) % 10;
  return `${base}${control}`;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Cifre Exacte SRL',
  cui: `RO${cui('4172316')}`,
  company_email: 'office@cifre-exacte.ro',
  phone: '0721 123 456',
  name: 'Elena Popescu',
  email: 'elena@cifre-exacte.ro',
  password: 'Contabil2026',
  password_confirmation: 'Contabil2026',
  ...overrides,
});

let ipCounter = 0;
/** Each registration comes from its own IP unless told, so the per-IP limit is tested on purpose only. */
const register = (payload: Record<string, unknown>, remoteAddress = `10.2.0.${++ipCounter}`) =>
  call({ method: 'POST', url: '/api/company/create', payload, remoteAddress });

test('the CUI helper makes valid codes', () => {
  expect(isValidCui(cui('4172316'))).toBe(true);
  expect(isValidCui(`RO${cui('1234567')}`)).toBe(true);
});

test('creates an active company and its owner (role 2), signed in: 201 {user, token}', async () => {
  const res = await register(form());
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.token).toMatch(/^\d+\|[A-Za-z0-9_-]{40,}$/);
  expect(body.user).toMatchObject({
    name: 'Elena Popescu',
    email: 'elena@cifre-exacte.ro',
    role: 2,
    holding_id: null,
    company: { name: 'Cifre Exacte SRL', cui: `RO${cui('4172316')}`, status: 'active' },
  });
  expect(body.user.company_id).toBe(body.user.company.id);

  const me = await call({ method: 'GET', url: '/api/user', headers: bearer(body.token) });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ email: 'elena@cifre-exacte.ro', role: 2 });

  const company = await t.ctx.db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', body.user.company_id)
    .executeTakeFirstOrThrow();
  expect(company).toMatchObject({ email: 'office@cifre-exacte.ro', phone: '0721 123 456', status: 'active' });
  const categories = await t.ctx.db
    .selectFrom('categories')
    .select('name')
    .where('company_id', '=', company.id)
    .orderBy('position')
    .execute();
  expect(categories.length).toBeGreaterThan(0);
  const user = await t.ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', body.user.id)
    .executeTakeFirstOrThrow();
  expect(user.password_hash).toMatch(/^\$argon2id\$/);
  const audit = await t.ctx.db
    .selectFrom('audit_events')
    .select(['action', 'subject'])
    .where('user_id', '=', body.user.id)
    .execute();
  expect(audit).toEqual([{ action: 'register', subject: `company:${company.id}` }]);

  // The owner signs in again with the chosen password.
  const login = await call({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'Elena@Cifre-Exacte.ro', password: 'Contabil2026' },
  });
  expect(login.statusCode).toBe(200);
  expect(login.json().user.company.name).toBe('Cifre Exacte SRL');
});

test('company e-mail and phone are optional (absent, null or empty)', async () => {
  const minimal = form({ email: 'ion@minimal.ro', cui: cui('99887') });
  delete (minimal as Record<string, unknown>).company_email;
  delete (minimal as Record<string, unknown>).phone;
  expect((await register(minimal)).statusCode).toBe(201);
  const blanks = await register(form({ email: 'ana@minimal.ro', cui: cui('99886'), company_email: '', phone: null }));
  expect(blanks.statusCode).toBe(201);
  const company = await t.ctx.db
    .selectFrom('companies')
    .select(['email', 'phone'])
    .where('id', '=', blanks.json().user.company_id)
    .executeTakeFirstOrThrow();
  expect(company).toEqual({ email: null, phone: null });
});

test('an e-mail already used (any case) → 422 on `email`, nothing created', async () => {
  const before = await t.ctx.db
    .selectFrom('companies')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const res = await register(form({ email: existing.owner.email.toUpperCase(), company_name: 'Dublură SRL' }));
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual({ email: ['Această adresă de e-mail este deja folosită de alt cont.'] });
  const after = await t.ctx.db
    .selectFrom('companies')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
});

test('invalid input → 422 with Romanian field errors', async () => {
  const missing = await register({});
  expect(missing.statusCode).toBe(422);
  expect(Object.keys(missing.json().errors).sort()).toEqual(
    ['company_name', 'cui', 'email', 'name', 'password', 'password_confirmation'].sort(),
  );
  expect(missing.json().errors.company_name).toEqual(['Câmpul numele companiei este obligatoriu.']);

  const bad = await register(
    form({
      email: 'nou@firma.ro',
      cui: '12345678', // wrong control digit
      company_name: '  ',
      company_email: 'nu-e-adresa',
      phone: 'telefon',
      name: ' ',
      password: 'parola',
      password_confirmation: 'alta',
    }),
  );
  expect(bad.statusCode).toBe(422);
  expect(bad.json().errors).toEqual({
    company_name: ['Numele companiei este obligatoriu.'],
    cui: ['CUI-ul nu este valid: verifică cifrele (cifra de control nu corespunde).'],
    company_email: ['E-mailul companiei nu este o adresă validă.'],
    phone: ['Numărul de telefon nu este valid. Scrie-l ca 07xx xxx xxx, 02xx xxx xxx sau +40 7xx xxx xxx.'],
    name: ['Numele este obligatoriu.'],
    password: ['Parola trebuie să aibă cel puțin 8 caractere.', 'Parola trebuie să conțină cel puțin o cifră.'],
    password_confirmation: ['Confirmarea parolei nu corespunde.'],
  });

  const badEmail = await register(form({ email: 'fara-arond' }));
  expect(badEmail.json().errors).toEqual({ email: ['Câmpul e-mail trebuie să fie o adresă de e-mail validă.'] });
  const extra = await register(form({ email: 'x@firma.ro', role: 1 }));
  expect(extra.statusCode).toBe(422);
  expect(extra.json().errors).toEqual({ role: ['Câmpul role nu este permis.'] });
  expect(
    await t.ctx.db.selectFrom('users').select('id').where('email', 'in', ['nou@firma.ro', 'x@firma.ro']).execute(),
  ).toEqual([]);
});

test('at most 10 registrations an hour from one IP: then 429 in Romanian', async () => {
  const ip = '10.3.0.1';
  for (let i = 0; i < 10; i++) {
    const res = await register(form({ email: `firma${i}@serie.ro`, cui: cui(String(500 + i)) }), ip);
    expect(res.statusCode).toBe(201);
  }
  const eleventh = await register(form({ email: 'firma10@serie.ro', cui: cui('510') }), ip);
  expect(eleventh.statusCode).toBe(429);
  expect(eleventh.json().message).toMatch(/^Prea multe încercări\. Încearcă din nou peste \d+ (de )?minute\.$/);
  expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(60);
  expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'firma10@serie.ro').execute()).toEqual([]);
  // Another address is not affected.
  expect((await register(form({ email: 'firma10@serie.ro', cui: cui('510') }), '10.3.0.2')).statusCode).toBe(201);
});
