import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './helpers.js';
import { api, expectStatus, freshAddress, PASSWORD, type Actor } from './factories.js';

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from `base` (ms). */
export const totpCode = (secret: string, base: number, steps = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: base + steps * 30_000 });

/** Sets two-factor sign-in up the way the profile screen does; answers the secret, the step base and the codes. */
export async function enableTwoFactor(
  t: TestApp,
  actor: Pick<Actor, 'token'>,
): Promise<{ secret: string; base: number; recoveryCodes: string[] }> {
  const setup = expectStatus(
    await api(t).as(actor).post('/api/two-factor/setup', { current_password: PASSWORD }),
    200,
    'two-factor setup',
  );
  const secret = setup.json.secret as string;
  const base = Date.now();
  const enabled = expectStatus(
    await api(t)
      .as(actor)
      .post('/api/two-factor/enable', { code: totpCode(secret, base) }),
    200,
    'two-factor enable',
  );
  return { secret, base, recoveryCodes: enabled.json.recovery_codes as string[] };
}

/** POST /login with the password: answers the challenge of an account with two-factor sign-in. */
export async function passwordStep(t: TestApp, email: string, remoteAddress = freshAddress()): Promise<string> {
  const res = expectStatus(
    await api(t).post('/api/login', { email, password: PASSWORD }, { remoteAddress }),
    200,
    `password step ${email}`,
  );
  if (res.json.two_factor_required !== true || res.json.token !== undefined)
    throw new Error(`expected a two-factor challenge for ${email}: ${res.text}`);
  return res.json.challenge as string;
}
