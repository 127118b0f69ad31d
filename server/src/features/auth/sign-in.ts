import type { AppContext } from '../../infra/context.js';
import { issueToken } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { noteSignInDevice } from './devices.js';
import { presentUser, type PresentedUser } from './presenter.js';
import * as repo from './repository.js';
import * as twoFactor from './two-factor-repository.js';

/** The last steps of a sign-in, shared by the password-only one and the one with a second factor. */

export interface SignInMeta {
  ip: string;
  userAgent?: string;
  log: { error: (obj: object, msg: string) => void };
}

export const CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_PROMPT = 'Introdu codul din aplicația de autentificare.';

export type TwoFactorChallenge = { two_factor_required: true; challenge: string; message: string };

/** The password was right and the account has 2FA: an opaque challenge for POST /login/two-factor, no token. */
export async function startChallenge(ctx: AppContext, userId: number): Promise<TwoFactorChallenge> {
  const challenge = randomSecret(32);
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
  await twoFactor.insertChallenge(ctx.db, userId, sha256(challenge), expiresAt);
  return { two_factor_required: true, challenge, message: TWO_FACTOR_PROMPT };
}

/**
 * Issues the session (recording where from, and whether a second factor opened it), notes the device,
 * audits; answers the session.
 */
export async function completeSignIn(
  ctx: AppContext,
  user: { id: number; email: string },
  meta: SignInMeta,
  deviceId: string | null | undefined,
  secondFactor = false,
): Promise<{ user: PresentedUser; token: string }> {
  const { db } = ctx;
  await repo.touchLastSeen(db, user.id);
  const token = await issueToken(db, user.id, { userAgent: meta.userAgent ?? null, ip: meta.ip, secondFactor });
  await repo.recordAudit(db, { userId: user.id, action: 'login.success', subject: user.email, ip: meta.ip });
  await noteSignInDevice(ctx, user, { deviceId, userAgent: meta.userAgent, ip: meta.ip }, (error) =>
    meta.log.error({ err: error }, 'new device mail failed'),
  );
  const profile = await repo.findProfile(db, user.id);
  if (!profile) throw errors.unauthenticated();
  return { user: presentUser(profile), token };
}
