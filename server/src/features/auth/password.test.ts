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
} from '../../../test/factories.js';

// One user of each role (two companies, each with a holding), made for this file.
let t: TestApp;
const U = {} as Record<'admin' | 'owner' | 'staff' | 'holding' | 'client' | 'owner2' | 'holding2', string>;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await createCompany(t);
  const holding = await createHolding(t, company, { name: 'Holding Unu' });
  const company2 = await createCompany(t);
  const holding2 = await createHolding(t, company2);
  Object.assign(U, {
    admin: (await createAdmin(t)).email,
    owner: company.owner.email,
    staff: (await createUser(t, company, { role: 3 })).email,
    holding: (holding.admin as Actor).email,
    client: (await createUser(t, holding, { role: 5 })).email,
    owner2: company2.owner.email,
    holding2: (holding2.admin as Actor).email,
  });
  // The invitations the factories sent are not this file's mail.
  t.mail.sent.length = 0;
});
afterAll(() => t.close());

const login = async (email: string): Promise<string> => (await signIn(t, email, PASSWORD)).token;
/** The address with its first letters upper-cased (the same account, another case). */
const mixedCase = (email: string): string => email.replace(/^[a-z]|@[a-z]/g, (c) => c.toUpperCase());

const SECRETS = ['password_hash', 'token_hash', '$argon2'];
const SAME_ANSWER = {
  message: 'Dacă adresa aparține unui cont, vei primi în câteva minute un e-mail cu linkul de resetare a parolei.',
};
const TOKEN_REFUSED = 'Linkul de resetare a parolei nu este valid sau a expirat. Cere un link nou.';

/** Every response of this file goes through here: none may carry a hash. */
async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(options);
  for (const secret of SECRETS) expect(res.body).not.toContain(secret);
  return res;
}

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call({ method: 'POST', url, payload, headers });

const requestReset = (email: string) => post('/api/password/email', { email });

const reset = (token: string, email: string, password = 'NouaParola9', confirmation = password) =>
  post('/api/password/reset', { token, email, password, password_confirmation: confirmation });

/** The token from the last reset mail sent to address (and checks the link's shape). */
function tokenFromMail(address: string): string {
  const mails = t.mail.to(address);
  expect(mails.length).toBeGreaterThan(0);
  const mail = mails[mails.length - 1];
  const link = `${t.ctx.config.publicUrl}reset-password/`;
  const match = new RegExp(`${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([A-Za-z0-9_-]+)\\?email=([^\\s"<]+)`).exec(
    mail.text,
  );
  expect(match).not.toBeNull();
  const [, token, email] = match as RegExpExecArray;
  expect(decodeURIComponent(email)).toBe(address);
  expect(mail.html).toContain(`reset-password/${token}?email=${encodeURIComponent(address)}`);
  expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits
  return token;
}

const userId = async (email: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

const actions = async (email: string) =>
  (
    await t.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('user_id', '=', await userId(email))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('POST /api/password/email', () => {
  test('a known e-mail gets a mail with the reset link; only the SHA-256 of the token is stored', async () => {
    const res = await requestReset(mixedCase(U.owner));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
    const mails = t.mail.to(U.owner);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Resetarea parolei Dosar');
    expect(mails[0].text).toContain('60 de minute');
    const token = tokenFromMail(U.owner);
    const rows = await t.ctx.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', await userId(U.owner))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
    const minutes = (new Date(rows[0].expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(await actions(U.owner)).toContain('password.reset_requested');
  });

  test('an unknown e-mail gets the same answer and no mail', async () => {
    const before = t.mail.sent.length;
    const res = await requestReset('nimeni@nicaieri.ro');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(t.mail.sent.length).toBe(before);
  });

  test('at most one mail a minute per e-mail, with the same answer', async () => {
    expect((await requestReset(U.holding)).statusCode).toBe(200);
    const again = await requestReset(U.holding);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(SAME_ANSWER);
    expect(t.mail.to(U.holding)).toHaveLength(1);
  });

  test('invalid input → 422 with field errors', async () => {
    for (const payload of [{}, { email: 'nu-e-adresa' }, { email: 'a@b.ro', extra: 1 }]) {
      const res = await post('/api/password/email', payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    const res = await post('/api/password/email', { email: 'nu-e-adresa' });
    expect(res.json().errors).toEqual({ email: ['Câmpul e-mail trebuie să fie o adresă de e-mail validă.'] });
  });
});

describe('POST /api/password/reset', () => {
  test('the new password must be ≥ 8 characters with a letter and a digit, and confirmed', async () => {
    const token = tokenFromMail(U.owner);
    const short = await reset(token, U.owner, 'abc1');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Parola trebuie să aibă cel puțin 8 caractere.'] });
    const noDigit = await reset(token, U.owner, 'doarlitere');
    expect(noDigit.json().errors.password).toEqual(['Parola trebuie să conțină cel puțin o cifră.']);
    const noLetter = await reset(token, U.owner, '12345678');
    expect(noLetter.json().errors.password).toEqual(['Parola trebuie să conțină cel puțin o literă.']);
    const mismatch = await reset(token, U.owner, 'NouaParola9', 'AltaParola9');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Confirmarea parolei nu corespunde.'] });
    const missing = await post('/api/password/reset', { token });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'password', 'password_confirmation']);
  });

  test('a made-up token or a token used with another e-mail is refused (422 on `token`)', async () => {
    const token = tokenFromMail(U.owner);
    for (const res of [await reset('inventat-0123456789abcdef', U.owner), await reset(token, U.staff)]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ token: [TOKEN_REFUSED] });
    }
  });

  test('one address gets 20 reset tries in 10 minutes, then 429 in Romanian before any password is hashed', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        remoteAddress: '10.77.0.1',
        payload: {
          token: 'ghicit-0123456789abcdef',
          email: U.owner,
          password: 'NouaParola9',
          password_confirmation: 'NouaParola9',
        },
      });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(422);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Prea multe încercări\. Încearcă din nou peste \d+ (de )?(minute|secunde)\.$/,
    );
  });

  test('a valid token sets the password once, ends every session, and cannot be reused', async () => {
    const token = tokenFromMail(U.owner);
    const session = await login(U.owner);
    const res = await reset(token, U.owner.toUpperCase(), 'NouaParola9');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Parola a fost schimbată. Te poți autentifica cu noua parolă.' });
    // Sessions opened before the reset are refused.
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(session) })).statusCode).toBe(401);
    // Old password refused, new one accepted.
    expect((await post('/api/login', { email: U.owner, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/login', { email: U.owner, password: 'NouaParola9' })).statusCode).toBe(200);
    // Single use.
    const again = await reset(token, U.owner, 'AltaParola9');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [TOKEN_REFUSED] });
    expect((await post('/api/login', { email: U.owner, password: 'NouaParola9' })).statusCode).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', U.owner)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(await actions(U.owner)).toContain('password.reset');
  });

  test('an expired token is refused', async () => {
    expect((await requestReset(U.staff)).statusCode).toBe(200);
    const token = tokenFromMail(U.staff);
    await t.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', await userId(U.staff))
      .execute();
    const res = await reset(token, U.staff);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [TOKEN_REFUSED] });
    expect((await post('/api/login', { email: U.staff, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /api/users/{id}/update', () => {
  const update = (id: number, token: string, payload: Record<string, unknown>) =>
    post(`/api/users/${id}/update`, payload, bearer(token));

  test('updates own name at once; a new e-mail waits for its link (pending_email), the address stays', async () => {
    const id = await userId(U.client);
    const token = await login(U.client);
    const fresh = `maria-${Date.now()}@grup-demo.ro`;
    const res = await update(id, token, {
      name: '  Maria Ionescu ',
      email: fresh.replace(/^m/, 'M'),
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Maria Ionescu',
      email: U.client,
      email_verified: true,
      pending_email: fresh,
      role: 5,
      holding: { name: 'Holding Unu' },
    });
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(token) })).json()).toMatchObject({
      email: U.client,
      pending_email: fresh,
    });
    expect(t.mail.to(fresh)).toHaveLength(1);
    expect((await post('/api/login', { email: fresh, password: PASSWORD })).statusCode).toBe(401);
    expect(await actions(U.client)).toEqual(expect.arrayContaining(['user.update', 'email.change_requested']));
  });

  test("another user's id, or an unknown id, → 404; anonymous → 401", async () => {
    const token = await login(U.holding2);
    for (const id of [await userId(U.holding), await userId(U.admin), 999999]) {
      const res = await update(id, token, { name: 'Intrus' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Utilizatorul nu a fost găsit.');
    }
    expect(
      (await t.ctx.db.selectFrom('users').select('name').where('email', '=', U.holding).executeTakeFirstOrThrow()).name,
    ).not.toBe('Intrus');
    const anon = await post(`/api/users/${await userId(U.holding2)}/update`, { name: 'X' });
    expect(anon.statusCode).toBe(401);
    expect((await post('/api/users/abc/update', { name: 'X' }, bearer(token))).statusCode).toBe(422);
    // Who asks, for which account, comes before the body: a bad body still gets 401 anonymous, 404 for another's id.
    const badBody = { name: 42, email: 'nu-e-email', extra: true };
    expect((await post(`/api/users/${await userId(U.holding2)}/update`, badBody)).statusCode).toBe(401);
    expect((await post(`/api/users/${await userId(U.holding)}/update`, badBody, bearer(token))).statusCode).toBe(404);
  });

  test('an e-mail already used by another account (any case): the same answer as a free one, a notice and no link', async () => {
    const token = await login(U.holding2);
    const id = await userId(U.holding2);
    const mailsBefore = t.mail.sent.length;
    const taken = await update(id, token, { email: U.holding.toUpperCase(), current_password: PASSWORD });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ email: U.holding2, pending_email: U.holding });
    expect(t.mail.sent.length).toBe(mailsBefore + 1);
    expect(t.mail.sent.at(-1)?.to).toBe(U.holding);
    expect(t.mail.sent.at(-1)?.html).not.toContain('confirm-email/');
    const free = await update(id, token, { email: `liber-${Date.now()}@holding.test`, current_password: PASSWORD });
    expect(free.statusCode).toBe(200);
    expect(Object.keys(free.json()).sort()).toEqual(Object.keys(taken.json()).sort());
    expect(t.mail.sent.length).toBe(mailsBefore + 2);
    // Its own address in another case is no change at all: no password asked, nothing pending changes.
    expect((await update(id, token, { email: mixedCase(U.holding2) })).statusCode).toBe(200);
  });

  test('invalid fields → 422 with field errors; role or other fields cannot be sent', async () => {
    const id = await userId(U.holding2);
    const token = await login(U.holding2);
    const bad = await update(id, token, { name: '', email: 'nu-e-adresa' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name']);
    const blank = await update(id, token, { name: '   ' });
    expect(blank.json().errors).toEqual({ name: ['Numele este obligatoriu.'] });
    const role = await update(id, token, { role: 1 });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors).toEqual({ role: ['Câmpul role nu este permis.'] });
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(token) })).json().role).toBe(4);
  });

  test('a password change needs the right current password and a valid, confirmed new one', async () => {
    const id = await userId(U.admin);
    const token = await login(U.admin);
    const noCurrent = await update(id, token, { password: 'NouaParola9', password_confirmation: 'NouaParola9' });
    expect(noCurrent.statusCode).toBe(422);
    expect(noCurrent.json().errors).toEqual({ current_password: ['Introdu parola actuală pentru a o schimba.'] });
    const wrong = await update(id, token, {
      current_password: 'Gresit123',
      password: 'NouaParola9',
      password_confirmation: 'NouaParola9',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['Parola actuală nu este corectă.'] });
    const weak = await update(id, token, {
      current_password: PASSWORD,
      password: 'scurt',
      password_confirmation: 'altceva',
    });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors).sort()).toEqual(['password', 'password_confirmation']);
    // Empty password fields mean "keep the password".
    expect(
      (
        await update(id, token, {
          name: 'Administrator Demo',
          password: '',
          password_confirmation: '',
          current_password: '',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post('/api/login', { email: U.admin, password: PASSWORD })).statusCode).toBe(200);
  });

  test('changing the password keeps the current session and ends the others', async () => {
    const id = await userId(U.holding2);
    const current = await login(U.holding2);
    const other = await login(U.holding2);
    const res = await update(id, current, {
      current_password: PASSWORD,
      password: 'ParolaNoua7',
      password_confirmation: 'ParolaNoua7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, email: U.holding2 });
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(current) })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(other) })).statusCode).toBe(401);
    expect((await post('/api/login', { email: U.holding2, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/login', { email: U.holding2, password: 'ParolaNoua7' })).statusCode).toBe(200);
    expect(await actions(U.holding2)).toContain('password.change');
  });

  test('a password change is told to the account address, whose link takes the account back', async () => {
    const id = await userId(U.staff);
    const thief = await login(U.staff);
    const changed = await update(id, thief, {
      current_password: PASSWORD,
      password: 'ParolaHotului1',
      password_confirmation: 'ParolaHotului1',
    });
    expect(changed.statusCode).toBe(200);
    const notice = t.mail.to(U.staff).pop();
    expect(notice?.subject).toBe('Parola contului Dosar a fost schimbată');
    // The owner, from the mail alone: a new password, and the thief's session ends.
    const token = tokenFromMail(U.staff);
    expect((await reset(token, U.staff, 'ParolaMea2026')).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/user', headers: bearer(thief) })).statusCode).toBe(401);
    expect((await post('/api/login', { email: U.staff, password: 'ParolaHotului1' })).statusCode).toBe(401);
    expect((await post('/api/login', { email: U.staff, password: 'ParolaMea2026' })).statusCode).toBe(200);
  });

  test('guessing the current password is throttled: the 6th try in a minute → 429', async () => {
    const id = await userId(U.owner2);
    const token = await login(U.owner2);
    const guess = (current: string) =>
      update(id, token, { current_password: current, password: 'ParolaNoua7', password_confirmation: 'ParolaNoua7' });
    for (let i = 0; i < 5; i++) expect((await guess(`Gresit${i}x`)).statusCode).toBe(422);
    const sixth = await guess(PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Prea multe încercări\. Încearcă din nou peste \d+ (de )?secunde\.$/);
  });
});
