import { createTestApp, type TestApp } from '../helpers.js';
import { api, createCompany, createUser, freshAddress, PASSWORD, type Actor, type Company } from '../factories.js';
import { enableTwoFactor, passwordStep, totpCode } from '../two-factor-helpers.js';

// The profile's sessions list and the e-mail about a sign-in from a new device.
let t: TestApp;
let company: Company;

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
});
afterAll(() => t.close());

async function signInFrom(
  email: string,
  userAgent: string,
  ip = freshAddress(),
  deviceId?: string,
): Promise<{ token: string; ip: string }> {
  const res = await api(t).post(
    '/api/login',
    { email, password: PASSWORD, ...(deviceId ? { device_id: deviceId } : {}) },
    { remoteAddress: ip, headers: { 'user-agent': userAgent } },
  );
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${res.text}`);
  return { token: res.json.token as string, ip };
}

const newDeviceMails = (email: string) =>
  t.mail.to(email).filter((m) => m.subject === 'Autentificare nouă în contul tău Dosar');

describe('sessions', () => {
  let user: Actor;
  let chrome: { token: string; ip: string };
  let firefox: { token: string; ip: string };

  beforeAll(async () => {
    user = await createUser(t, company);
    chrome = await signInFrom(user.email, CHROME_WINDOWS);
    firefox = await signInFrom(user.email, FIREFOX_LINUX);
  });

  it('lists the sessions newest first, with device and address, marking the current one', async () => {
    const res = await api(t).as(firefox.token).get('/api/sessions');
    expect(res.status).toBe(200);
    const [newest, second] = res.json.data;
    expect(newest).toMatchObject({ device: 'Firefox pe Linux', ip: firefox.ip, current: true });
    expect(second).toMatchObject({ device: 'Chrome pe Windows', ip: chrome.ip, current: false });
    expect(res.json.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(Date.parse(newest.created_at)).toBeGreaterThanOrEqual(Date.parse(second.created_at));
    expect(Object.keys(newest).sort()).toEqual([
      'created_at',
      'current',
      'device',
      'expires_at',
      'id',
      'ip',
      'last_used_at',
    ]);
    // A fresh session ends after 12 hours unused (the default idle time).
    const idleEnd = Date.parse(newest.created_at) + 12 * 3_600_000;
    expect(Math.abs(Date.parse(newest.expires_at) - idleEnd)).toBeLessThan(5 * 60_000);
    // The sign-in of the factory (no browser) is there too, as an unknown device.
    expect(res.json.data.map((s: { device: string }) => s.device)).toContain('Dispozitiv necunoscut');

    // Using a session records when (without holding the request up).
    expect((await api(t).as(chrome.token).get('/api/user')).status).toBe(200);
    let used: string | null = null;
    for (let i = 0; i < 20 && !used; i++) {
      const list = (await api(t).as(firefox.token).get('/api/sessions')).json.data as {
        id: number;
        last_used_at: string | null;
      }[];
      used = list.find((s) => s.id === second.id)?.last_used_at ?? null;
      if (!used) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(used).not.toBeNull();
  });

  it('closes another session: its token is refused at its next request', async () => {
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    expect((await api(t).as(phone.token).get('/api/user')).status).toBe(200);
    const list = (await api(t).as(chrome.token).get('/api/sessions')).json.data as { id: number; device: string }[];
    const target = list.find((s) => s.device === 'Safari pe iOS');
    expect(target).toBeDefined();
    const res = await api(t).as(chrome.token).post(`/api/sessions/${target?.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Sesiunea a fost închisă.');
    expect((await api(t).as(phone.token).get('/api/user')).status).toBe(401);
    expect((await api(t).as(chrome.token).get('/api/user')).status).toBe(200);
  });

  it("another user's session is not found", async () => {
    const other = await createUser(t, company);
    const theirs = (await api(t).as(other).get('/api/sessions')).json.data[0].id as number;
    const res = await api(t).as(chrome.token).post(`/api/sessions/${theirs}/revoke`);
    expect(res.status).toBe(404);
    expect((await api(t).as(other).get('/api/user')).status).toBe(200);
    expect((await api(t).post(`/api/sessions/${theirs}/revoke`)).status).toBe(401);
  });

  it('closes every other session', async () => {
    const extra = await signInFrom(user.email, SAFARI_IPHONE);
    const res = await api(t).as(chrome.token).post('/api/sessions/revoke-others');
    expect(res.status).toBe(200);
    expect(res.json.revoked).toBeGreaterThanOrEqual(3);
    expect(res.json.message).toEqual(expect.any(String));
    for (const token of [firefox.token, extra.token, user.token])
      expect((await api(t).as(token).get('/api/user')).status).toBe(401);
    const left = (await api(t).as(chrome.token).get('/api/sessions')).json.data;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, device: 'Chrome pe Windows' });
    expect((await api(t).as(chrome.token).post('/api/sessions/revoke-others')).json.revoked).toBe(0);
  });
});

describe('new-device e-mail', () => {
  it('comes for a sign-in from a device not seen before, not for a known one', async () => {
    // createUser signed in once already (the first device is remembered without a mail).
    const user = await createUser(t, company);
    expect(newDeviceMails(user.email)).toHaveLength(0);

    const ip = freshAddress();
    await signInFrom(user.email, CHROME_WINDOWS, ip);
    const mails = newDeviceMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Chrome pe Windows');
    expect(mails[0].text).toContain(ip);
    expect(mails[0].text).toContain('Dacă nu ai fost tu, schimbă parola și închide celelalte sesiuni din Profil.');

    await signInFrom(user.email, CHROME_WINDOWS);
    expect(newDeviceMails(user.email)).toHaveLength(1);

    // A browser's own id counts over its user agent.
    await signInFrom(user.email, CHROME_WINDOWS, freshAddress(), 'b3f0c2d1-laptop');
    expect(newDeviceMails(user.email)).toHaveLength(2);
    await signInFrom(user.email, FIREFOX_LINUX, freshAddress(), 'b3f0c2d1-laptop');
    expect(newDeviceMails(user.email)).toHaveLength(2);
  });

  it('comes after the second step of a two-factor sign-in too', async () => {
    const user = await createUser(t, company);
    const { secret, base } = await enableTwoFactor(t, user);
    const challenge = await passwordStep(t, user.email);
    const res = await api(t).post(
      '/api/login/two-factor',
      { challenge, code: totpCode(secret, base, 1), device_id: 'telefon-nou' },
      { remoteAddress: freshAddress(), headers: { 'user-agent': SAFARI_IPHONE } },
    );
    expect(res.status).toBe(200);
    const mails = newDeviceMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Safari pe iOS');
    // The session records where it was opened from.
    const sessions = (await api(t).as(res.json.token).get('/api/sessions')).json.data;
    expect(sessions[0]).toMatchObject({ current: true, device: 'Safari pe iOS' });
  });
});
