import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers.js';
import { api, createCompany, createUser, freshAddress, PASSWORD, signIn, type Company } from '../factories.js';
import { enableTwoFactor, passwordStep, totpCode } from '../two-factor-helpers.js';

// An attacker who knows the password, or holds a session, against the second factor: guessing codes
// from many addresses, quietly moving or removing the factor, and sessions that outlive the rule.
let t: TestApp;
let company: Company;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
});
afterAll(() => t.close());

const secondStep = (body: Record<string, unknown>, remoteAddress = freshAddress()) =>
  api(t).post('/api/login/two-factor', body, { remoteAddress });

/** A 6-digit code that is none of the codes valid around now. */
function wrongCodeFor(secret: string): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((steps) => totpCode(secret, Date.now(), steps)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

const mailsTo = (email: string, subject: string) => t.mail.to(email).filter((m) => m.subject === subject);
const LOCKED_MAIL = 'Prea multe coduri greșite la contul tău Dosar';

describe('guessing codes', () => {
  it('wrong codes from ever new addresses: after 10 the account waits, even for the right code; the owner gets one e-mail', async () => {
    const user = await createUser(t, company);
    const bystander = await createUser(t, company);
    const { secret, base, recoveryCodes } = await enableTwoFactor(t, user);
    const other = await enableTwoFactor(t, bystander);
    const wrong = wrongCodeFor(secret);

    // Two challenges of five guesses each, every guess from another address.
    for (let round = 0; round < 2; round++) {
      const challenge = await passwordStep(t, user.email);
      for (let i = 0; i < 5; i++) {
        const res = await secondStep({ challenge, code: wrong });
        expect([round, i, res.status]).toEqual([round, i, 422]);
      }
    }
    expect(mailsTo(user.email, LOCKED_MAIL)).toHaveLength(1);

    // The right code, from yet another address, now waits; so does a recovery code.
    const challenge = await passwordStep(t, user.email);
    const right = await secondStep({ challenge, code: totpCode(secret, base, 1) });
    expect(right.status).toBe(429);
    expect(right.json.message).toMatch(/^Prea multe coduri greșite pentru acest cont\. Așteaptă \d+ minute/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    expect((await secondStep({ challenge, recovery_code: recoveryCodes[0] })).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await secondStep({ challenge, code: wrong })).status).toBe(429);
    // One e-mail per lock-out, telling the owner what happened.
    const mails = mailsTo(user.email, LOCKED_MAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('10 coduri greșite');

    // The profile's code checks wait too, and another account is not concerned.
    const disable = await api(t)
      .as(user)
      .post('/api/two-factor/disable', { current_password: PASSWORD, code: totpCode(secret, base, 1) });
    expect(disable.status).toBe(429);
    const fine = await secondStep({
      challenge: await passwordStep(t, bystander.email),
      code: totpCode(other.secret, other.base, 1),
    });
    expect(fine.status).toBe(200);
  });
});

describe('changing the second factor', () => {
  it('with a session and the password alone, it can be neither moved, nor turned off, nor its codes taken', async () => {
    const user = await createUser(t, company);
    const { secret, base, recoveryCodes } = await enableTwoFactor(t, user);
    expect(mailsTo(user.email, 'Autentificarea în doi pași a fost activată')).toHaveLength(1);
    const as = api(t).as(user);
    const wrong = wrongCodeFor(secret);

    for (const path of ['/api/two-factor/setup', '/api/two-factor/disable', '/api/two-factor/recovery-codes']) {
      const bare = await as.post(path, { current_password: PASSWORD });
      expect([path, bare.status, bare.json.errors]).toEqual([
        path,
        422,
        { code: ['Introdu codul din aplicația de autentificare sau un cod de rezervă.'] },
      ]);
      const guessed = await as.post(path, { current_password: PASSWORD, code: wrong });
      expect([path, guessed.status, guessed.json.errors]).toEqual([path, 422, { code: ['Codul nu este corect.'] }]);
    }
    expect((await as.get('/api/user')).json.two_factor_enabled).toBe(true);
    // Nothing changed: the app's codes and the old recovery codes still sign in.
    const signedIn = await secondStep({
      challenge: await passwordStep(t, user.email),
      recovery_code: recoveryCodes[0],
    });
    expect(signedIn.status).toBe(200);
    const used = mailsTo(user.email, 'Un cod de rezervă a fost folosit în contul tău Dosar');
    expect(used).toHaveLength(1);
    expect(used[0].text).toContain('Îți mai rămân 9 coduri de rezervă nefolosite.');

    // With a code, each change is made, and the owner hears of each.
    const codes = await as.post('/api/two-factor/recovery-codes', {
      current_password: PASSWORD,
      code: totpCode(secret, base, 1),
    });
    expect(codes.status).toBe(200);
    expect(mailsTo(user.email, 'Coduri de rezervă noi pentru contul tău Dosar')).toHaveLength(1);

    const setup = await as.post('/api/two-factor/setup', {
      current_password: PASSWORD,
      recovery_code: codes.json.recovery_codes[0],
    });
    expect(setup.status).toBe(200);
    const moved = await as.post('/api/two-factor/enable', { code: totpCode(setup.json.secret, Date.now()) });
    expect(moved.status).toBe(200);
    expect(mailsTo(user.email, 'Autentificarea în doi pași a fost mutată pe altă aplicație')).toHaveLength(1);

    const off = await as.post('/api/two-factor/disable', {
      current_password: PASSWORD,
      recovery_code: moved.json.recovery_codes[3],
    });
    expect(off.status).toBe(200);
    const disabled = mailsTo(user.email, 'Autentificarea în doi pași a fost dezactivată');
    expect(disabled).toHaveLength(1);
    expect(disabled[0].text).toContain('Dacă nu ai fost tu');
  });
});

describe('sessions follow the rule', () => {
  it('turning it on ends the sessions opened with the password alone; the one that proved the code stays', async () => {
    const user = await createUser(t, company);
    const before = await signIn(t, user.email, PASSWORD);
    expect((await api(t).as(before).get('/api/user')).status).toBe(200);
    const { secret, base } = await enableTwoFactor(t, user);
    expect((await api(t).as(before).get('/api/user')).status).toBe(401);
    expect((await api(t).as(user).get('/api/user')).status).toBe(200);
    const withCode = await secondStep({
      challenge: await passwordStep(t, user.email),
      code: totpCode(secret, base, 1),
    });
    expect((await api(t).as(withCode.json.token).get('/api/user')).status).toBe(200);
    const listed = (await api(t).as(user).get('/api/sessions')).json.data as { id: number }[];
    expect(listed.map((s) => s.id)).not.toContain(Number(before.token.split('|')[0]));
  });

  it('a firm that starts requiring it ends its people’s password-only sessions, not another firm’s', async () => {
    const firm = await createCompany(t);
    const staff = await createUser(t, firm, { role: 3 });
    const outsider = await createUser(t, await createCompany(t), { role: 3 });
    const secured = await createUser(t, firm, { role: 3 });
    await enableTwoFactor(t, secured);
    await enableTwoFactor(t, firm.owner);
    const on = await api(t)
      .as(firm.owner)
      .post(`/api/company/${firm.id}/security/update`, { require_two_factor: true });
    expect(on.status).toBe(200);
    expect((await api(t).as(staff).get('/api/user')).status).toBe(401);
    // Sessions that proved the code stay, and another firm is not concerned.
    expect((await api(t).as(secured).get('/api/user')).status).toBe(200);
    expect((await api(t).as(firm.owner).get('/api/user')).status).toBe(200);
    expect((await api(t).as(outsider).get('/api/user')).status).toBe(200);
  });

  it('an idle or too old session answers 401', async () => {
    const user = await createUser(t, await createCompany(t));
    const idle = await signIn(t, user.email, PASSWORD);
    const old = await signIn(t, user.email, PASSWORD);
    const fresh = await signIn(t, user.email, PASSWORD);
    const id = (actor: { token: string }) => Number(actor.token.split('|')[0]);
    await t.ctx.db
      .updateTable('access_tokens')
      .set({ last_used_at: sql<Date>`now() - interval '13 hours'`, created_at: sql<Date>`now() - interval '2 days'` })
      .where('id', '=', id(idle))
      .execute();
    await t.ctx.db
      .updateTable('access_tokens')
      .set({ last_used_at: sql<Date>`now() - interval '1 minute'`, created_at: sql<Date>`now() - interval '31 days'` })
      .where('id', '=', id(old))
      .execute();
    expect((await api(t).as(idle).get('/api/user')).status).toBe(401);
    expect((await api(t).as(old).get('/api/user')).status).toBe(401);
    const listed = await api(t).as(fresh).get('/api/sessions');
    expect(listed.status).toBe(200);
    const ids = (listed.json.data as { id: number }[]).map((s) => s.id);
    expect(ids).toContain(id(fresh));
    expect(ids).not.toContain(id(idle));
    expect(ids).not.toContain(id(old));
  });
});
