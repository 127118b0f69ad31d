import { createTestApp, type TestApp } from '../helpers.js';
import {
  api,
  createCompany,
  createHolding,
  createUser,
  freshAddress,
  PASSWORD,
  type Actor,
  type Company,
} from '../factories.js';
import { enableTwoFactor, passwordStep, totpCode } from '../two-factor-helpers.js';

// Two-factor sign-in as a user and an attacker see it: set-up, the second step, recovery codes,
// a lost phone, and a tenant that requires it.
let t: TestApp;
let company: Company;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
});
afterAll(() => t.close());

const secondStep = (body: Record<string, unknown>, remoteAddress = freshAddress()) =>
  api(t).post('/api/login/two-factor', body, { remoteAddress });

describe('setting it up', () => {
  it('asks for the password, shows a QR code, and is on once a code from the app confirms it', async () => {
    const user = await createUser(t, company);
    const as = api(t).as(user);
    expect((await as.get('/api/user')).json).toMatchObject({ two_factor_enabled: false, two_factor_required: false });

    const wrong = await as.post('/api/two-factor/setup', { current_password: 'Gresita123' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.current_password).toEqual(['Parola actuală nu este corectă.']);

    const setup = await as.post('/api/two-factor/setup', { current_password: PASSWORD });
    expect(setup.status).toBe(200);
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json.otpauth_url).toMatch(/^otpauth:\/\/totp\/Dosar:/);
    expect(setup.json.otpauth_url).toContain(encodeURIComponent(user.email));
    expect(setup.json.otpauth_url).toContain('issuer=Dosar');
    expect(setup.json.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on yet: signing in still needs only the password.
    expect((await as.get('/api/user')).json.two_factor_enabled).toBe(false);

    const bad = await as.post('/api/two-factor/enable', { code: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.code).toEqual(['Codul nu este corect.']);

    const ok = await as.post('/api/two-factor/enable', { code: totpCode(setup.json.secret, Date.now()) });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Autentificarea în doi pași este activă.');
    expect(ok.json.recovery_codes).toHaveLength(10);
    expect(new Set(ok.json.recovery_codes).size).toBe(10);
    expect((await as.get('/api/user')).json.two_factor_enabled).toBe(true);
  });
});

describe('signing in', () => {
  it('needs the code after the password; a used code is refused', async () => {
    const user = await createUser(t, company);
    const { secret, base } = await enableTwoFactor(t, user);

    const login = await api(t).post(
      '/api/login',
      { email: user.email, password: PASSWORD },
      { remoteAddress: freshAddress() },
    );
    expect(login.status).toBe(200);
    expect(login.json).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      message: 'Introdu codul din aplicația de autentificare.',
    });
    expect(login.json.token).toBeUndefined();
    // A wrong password still says nothing about a second factor.
    const wrongPassword = await api(t).post(
      '/api/login',
      { email: user.email, password: 'Gresita123' },
      { remoteAddress: freshAddress() },
    );
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json.challenge).toBeUndefined();

    // The code that enabled it was used: replaying it is refused.
    const replayed = await secondStep({ challenge: login.json.challenge, code: totpCode(secret, base) });
    expect(replayed.status).toBe(422);
    expect(replayed.json.errors).toEqual({ code: ['Codul nu este corect.'] });

    const next = totpCode(secret, base, 1);
    const ok = await secondStep({ challenge: login.json.challenge, code: next });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ id: user.id, two_factor_enabled: true });
    expect((await api(t).as(ok.json.token).get('/api/user')).status).toBe(200);

    // The challenge is used up, and the code too.
    const again = await secondStep({ challenge: login.json.challenge, code: next });
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual({ challenge: ['Sesiunea de autentificare a expirat. Autentifică-te din nou.'] });
    const fresh = await passwordStep(t, user.email);
    const reused = await secondStep({ challenge: fresh, code: next });
    expect(reused.status).toBe(422);
    expect(reused.json.errors).toEqual({ code: ['Codul nu este corect.'] });
  });

  it('five wrong codes void the challenge; an unknown challenge is expired', async () => {
    const user = await createUser(t, company);
    const { secret, base } = await enableTwoFactor(t, user);
    const challenge = await passwordStep(t, user.email);
    const right = totpCode(secret, base, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await secondStep({ challenge, code: wrong });
      expect([i, res.status, res.json.errors]).toEqual([i, 422, { code: ['Codul nu este corect.'] }]);
    }
    const late = await secondStep({ challenge, code: right });
    expect(late.status).toBe(422);
    expect(late.json.errors).toEqual({ challenge: ['Sesiunea de autentificare a expirat. Autentifică-te din nou.'] });
    const unknown = await secondStep({ challenge: 'nu-exista-asa-ceva', code: right });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json.errors)).toEqual(['challenge']);
    // The code itself was never taken: a new challenge accepts it.
    expect((await secondStep({ challenge: await passwordStep(t, user.email), code: right })).status).toBe(200);
  });

  it('an address that keeps guessing is throttled with Retry-After', async () => {
    const address = freshAddress();
    let res = await secondStep({ challenge: 'ghicit-0', code: '123456' }, address);
    for (let i = 1; i <= 30 && res.status !== 429; i++)
      res = await secondStep({ challenge: `ghicit-${i}`, code: '123456' }, address);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json.message).toMatch(/^Prea multe încercări/);
  });

  it('a recovery code works once', async () => {
    const user = await createUser(t, company);
    const { recoveryCodes } = await enableTwoFactor(t, user);
    const first = await secondStep({ challenge: await passwordStep(t, user.email), recovery_code: recoveryCodes[0] });
    expect(first.status).toBe(200);
    expect(first.json.token).toEqual(expect.any(String));

    const challenge = await passwordStep(t, user.email);
    const reused = await secondStep({ challenge, recovery_code: recoveryCodes[0] });
    expect(reused.status).toBe(422);
    expect(reused.json.errors).toEqual({ code: ['Codul nu este corect.'] });
    // Written in capitals with spaces, as read off paper, another one still works.
    const typed = recoveryCodes[1].toUpperCase().replace('-', ' ');
    expect((await secondStep({ challenge, recovery_code: typed })).status).toBe(200);
  });
});

describe('a lost phone', () => {
  let firm: Company;
  beforeAll(async () => {
    firm = await createCompany(t);
  });

  it('recovery code, then off and set up again on the new phone; the old codes are void', async () => {
    const user = await createUser(t, firm);
    const old = await enableTwoFactor(t, user);
    const signedIn = await secondStep({
      challenge: await passwordStep(t, user.email),
      recovery_code: old.recoveryCodes[5],
    });
    expect(signedIn.status).toBe(200);
    const as = api(t).as(signedIn.json.token);

    const wrong = await as.post('/api/two-factor/disable', {
      current_password: 'Gresita123',
      recovery_code: old.recoveryCodes[7],
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json.errors)).toEqual(['current_password']);
    // The phone is lost: a recovery code stands in for the app's code.
    const off = await as.post('/api/two-factor/disable', {
      current_password: PASSWORD,
      recovery_code: old.recoveryCodes[7],
    });
    expect(off.status).toBe(200);
    expect(off.json.message).toEqual(expect.any(String));
    const plain = await api(t).post(
      '/api/login',
      { email: user.email, password: PASSWORD },
      { remoteAddress: freshAddress() },
    );
    expect(plain.json.token).toEqual(expect.any(String));

    const again = await enableTwoFactor(t, { token: signedIn.json.token });
    expect(again.secret).not.toBe(old.secret);
    const challenge = await passwordStep(t, user.email);
    expect((await secondStep({ challenge, recovery_code: old.recoveryCodes[6] })).status).toBe(422);
    expect((await secondStep({ challenge, code: totpCode(old.secret, Date.now()) })).status).toBe(422);
    expect((await secondStep({ challenge, code: totpCode(again.secret, again.base, 1) })).status).toBe(200);
  });

  it('new recovery codes void the old ones', async () => {
    const user = await createUser(t, firm);
    const { recoveryCodes, secret, base } = await enableTwoFactor(t, user);
    const res = await api(t)
      .as(user)
      .post('/api/two-factor/recovery-codes', { current_password: PASSWORD, code: totpCode(secret, base, 1) });
    expect(res.status).toBe(200);
    expect(res.json.recovery_codes).toHaveLength(10);
    const challenge = await passwordStep(t, user.email);
    expect((await secondStep({ challenge, recovery_code: recoveryCodes[0] })).status).toBe(422);
    expect((await secondStep({ challenge, recovery_code: res.json.recovery_codes[0] })).status).toBe(200);
  });
});

describe('a tenant that requires it', () => {
  const blocked = {
    code: 'two_factor_setup_required',
    message: 'Firma ta cere autentificarea în doi pași. Activeaz-o din profil pentru a continua.',
  };

  it('the owner requires it: staff without it are held at the door until they enable it', async () => {
    const firm = await createCompany(t);
    const staff = await createUser(t, firm);
    let asStaff = api(t).as(staff);
    const door = () => asStaff.post(`/api/company/${firm.id}/clients`, {});
    expect((await door()).status).toBe(200);

    // Nobody requires what they don't use themself.
    const early = await api(t)
      .as(firm.owner)
      .post(`/api/company/${firm.id}/security/update`, { require_two_factor: true });
    expect(early.status).toBe(422);
    expect(early.json.errors.require_two_factor).toEqual([
      'Activează mai întâi autentificarea în doi pași pentru contul tău (din Profil), apoi cere-o echipei.',
    ]);
    expect((await door()).status).toBe(200);

    await enableTwoFactor(t, firm.owner);
    const view = await api(t).as(firm.owner).post(`/api/company/${firm.id}/security`);
    expect(view.json).toEqual({ require_two_factor: false, users_without_two_factor: 1 });
    const on = await api(t)
      .as(firm.owner)
      .post(`/api/company/${firm.id}/security/update`, { require_two_factor: true });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ require_two_factor: true, users_without_two_factor: 1 });

    // The session opened with the password alone ended; signed in again, the staff is held at the door.
    expect((await door()).status).toBe(401);
    const again = await api(t).post(
      '/api/login',
      { email: staff.email, password: PASSWORD },
      { remoteAddress: freshAddress() },
    );
    staff.token = again.json.token as string;
    asStaff = api(t).as(staff);
    const held = await door();
    expect(held.status).toBe(403);
    expect(held.json).toMatchObject(blocked);
    // The profile keeps working, so they can turn it on.
    expect((await asStaff.get('/api/user')).json).toMatchObject({
      two_factor_enabled: false,
      two_factor_required: true,
    });
    expect((await asStaff.get('/api/sessions')).status).toBe(200);
    expect((await asStaff.post(`/api/users/${staff.id}/update`, { name: 'Nume nou' })).status).toBe(200);
    // The owner, who has it, is not held.
    expect((await api(t).as(firm.owner).post(`/api/company/${firm.id}/clients`, {})).status).toBe(200);

    await enableTwoFactor(t, staff);
    expect((await door()).status).toBe(200);
    const disable = await asStaff.post('/api/two-factor/disable', { current_password: PASSWORD });
    expect(disable.status).toBe(403);
    expect(disable.json.message).toBe('Firma ta cere autentificarea în doi pași; nu o poți dezactiva.');
    expect((await api(t).as(firm.owner).post(`/api/company/${firm.id}/security`)).json.users_without_two_factor).toBe(
      0,
    );

    // Off again: nobody is held.
    await api(t).as(firm.owner).post(`/api/company/${firm.id}/security/update`, { require_two_factor: false });
    expect((await asStaff.get('/api/user')).json.two_factor_required).toBe(false);
  });

  it('a holding administrator requires it for role 5', async () => {
    const holding = await createHolding(t, company);
    const admin = holding.admin as Actor;
    const member = await createUser(t, holding);
    const door = () => api(t).as(member).post(`/api/holding/${holding.id}/index`, {});
    expect((await door()).status).toBe(200);
    await enableTwoFactor(t, admin);
    const on = await api(t).as(admin).post(`/api/holding/${holding.id}/security/update`, { require_two_factor: true });
    expect(on.json).toEqual({ require_two_factor: true, users_without_two_factor: 1 });
    expect((await door()).status).toBe(401);
    member.token = (
      await api(t).post('/api/login', { email: member.email, password: PASSWORD }, { remoteAddress: freshAddress() })
    ).json.token as string;
    expect((await door()).json).toMatchObject(blocked);
    // The company staff are not concerned by a holding's setting.
    expect((await api(t).as(company.owner).post(`/api/company/${company.id}/clients`, {})).status).toBe(200);
    await enableTwoFactor(t, member);
    expect((await door()).status).toBe(200);
  });

  it('staff cannot change it (refused before the body is read); another tenant is not found', async () => {
    const firm = await createCompany(t);
    const staff = await createUser(t, firm);
    for (const url of [`/api/company/${firm.id}/security`, `/api/company/${firm.id}/security/update`]) {
      const res = await api(t).as(staff).post(url, { require_two_factor: 'nu e boolean' });
      expect([url, res.status, res.json.code]).toEqual([url, 403, 'forbidden']);
    }
    const holding = await createHolding(t, firm);
    const member = await createUser(t, holding);
    const res = await api(t).as(member).post(`/api/holding/${holding.id}/security/update`, {});
    expect(res.status).toBe(403);

    const other = await api(t)
      .as(company.owner)
      .post(`/api/company/${firm.id}/security/update`, { require_two_factor: true });
    expect(other.status).toBe(404);
    const otherHolding = await api(t)
      .as(holding.admin as Actor)
      .post(`/api/holding/${holding.id + 100000}/security`);
    expect(otherHolding.status).toBe(404);
    expect((await api(t).as(firm.owner).post(`/api/company/${firm.id}/security`)).json.require_two_factor).toBe(false);
  });
});
