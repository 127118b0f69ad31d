import type { AppContext } from '../../infra/context.js';
import type { Actor } from '../../infra/auth.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { verifyPassword } from '../../infra/passwords.js';
import { sha256 } from '../../infra/tokens.js';
import type { PresentedUser } from './presenter.js';
import type { RequestMeta } from './service.js';
import { completeSignIn } from './sign-in.js';
import * as totp from './totp.js';
import { recordAudit } from './repository.js';
import * as repo from './two-factor-repository.js';

/** Two-factor sign-in: setting it up, turning it off, recovery codes, and the second step of a sign-in. */

export const ENABLED = 'Autentificarea în doi pași este activă.';
export const DISABLED = 'Autentificarea în doi pași a fost dezactivată.';

/** Wrong codes that void a challenge. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Wrong second-step answers one address may give in 10 minutes, whatever the accounts. */
const TWO_FACTOR_FAILURES_PER_IP_PER_10_MINUTES = 30;
/** Password checks per user per minute: the same budget (and key) as a password change on the profile. */
const PASSWORD_CHECKS_PER_MINUTE = 5;

type TwoFactorUser = NonNullable<Awaited<ReturnType<typeof repo.findTwoFactorUser>>>;

const tenantRequires = (user: TwoFactorUser): boolean =>
  ((user.role === 2 || user.role === 3) && !!user.company_requires) ||
  ((user.role === 4 || user.role === 5) && !!user.holding_requires);

async function mustLoad(ctx: AppContext, actor: Actor): Promise<TwoFactorUser> {
  const user = await repo.findTwoFactorUser(ctx.db, actor.id);
  if (!user) throw errors.unauthenticated();
  return user;
}

/** The current password, within the per-user budget of POST /users/{id}/update (`current-password:{id}`). */
async function checkCurrentPassword(ctx: AppContext, user: TwoFactorUser, password: string): Promise<void> {
  const throttleKey = `current-password:${user.id}`;
  const { allowed, retryAfter } = await ctx.limiter.hit(throttleKey, PASSWORD_CHECKS_PER_MINUTE, 60);
  if (!allowed) throw errors.tooManyAttempts(retryAfter);
  if (!user.password_hash || !(await verifyPassword(user.password_hash, password)))
    throw errors.field('current_password', fieldMessages.shared.currentPasswordWrong);
  await ctx.limiter.reset(throttleKey);
}

/** POST /two-factor/setup: a new pending secret (the enabled one, if any, keeps working until it is confirmed). */
export async function setup(ctx: AppContext, actor: Actor, currentPassword: string) {
  const user = await mustLoad(ctx, actor);
  await checkCurrentPassword(ctx, user, currentPassword);
  const secret = totp.newTotpSecret();
  await repo.setPendingSecret(ctx.db, user.id, secret);
  return totp.enrolment(secret, user.email);
}

/** POST /two-factor/enable: a code of the pending secret confirms it; ten new recovery codes. */
export async function enable(ctx: AppContext, actor: Actor, code: string, meta: RequestMeta) {
  const user = await mustLoad(ctx, actor);
  if (!user.totp_pending_secret) throw errors.field('code', fieldMessages.twoFactor.setUpAgain);
  const step = totp.matchingStep(user.totp_pending_secret, code.trim());
  if (step === null) throw errors.field('code', fieldMessages.twoFactor.wrongCode);
  const codes = totp.newRecoveryCodes();
  const secret = user.totp_pending_secret;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.confirmSecret(trx, user.id, secret, step, new Date());
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(totp.recoveryCodeHash));
    await recordAudit(trx, { userId: user.id, action: 'two_factor.enable', subject: user.email, ip: meta.ip });
  });
  return { message: ENABLED, recovery_codes: codes };
}

/** POST /two-factor/disable: not while the user's company or holding requires it; recovery codes go too. */
export async function disable(ctx: AppContext, actor: Actor, currentPassword: string, meta: RequestMeta) {
  const user = await mustLoad(ctx, actor);
  if (tenantRequires(user)) throw errors.twoFactorRequiredByTenant();
  await checkCurrentPassword(ctx, user, currentPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.clearTwoFactor(trx, user.id);
    await recordAudit(trx, { userId: user.id, action: 'two_factor.disable', subject: user.email, ip: meta.ip });
  });
  return { message: DISABLED };
}

/** POST /two-factor/recovery-codes: ten new codes; the earlier ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  actor: Actor,
  currentPassword: string,
  meta: RequestMeta,
) {
  const user = await mustLoad(ctx, actor);
  if (!user.totp_enabled_at) throw errors.field('current_password', fieldMessages.twoFactor.notEnabled);
  await checkCurrentPassword(ctx, user, currentPassword);
  const codes = totp.newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(totp.recoveryCodeHash));
    await recordAudit(trx, { userId: user.id, action: 'two_factor.recovery_codes', subject: user.email, ip: meta.ip });
  });
  return { recovery_codes: codes };
}

export interface SecondStepBody {
  challenge: string;
  code?: string;
  recovery_code?: string;
  device_id?: string;
}

/**
 * POST /login/two-factor: the challenge of a correct password and a code of the authenticator app (or
 * an unused recovery code) sign the user in. A challenge lasts 5 minutes and takes 5 wrong codes;
 * an address has a budget of wrong answers, checked before anything else.
 */
export async function completeSecondStep(
  ctx: AppContext,
  body: SecondStepBody,
  meta: RequestMeta,
): Promise<{ user: PresentedUser; token: string }> {
  const { db, limiter } = ctx;
  const failuresKey = `two-factor-failures:${meta.ip}`;
  const burst = await limiter.exceeded(failuresKey, TWO_FACTOR_FAILURES_PER_IP_PER_10_MINUTES);
  if (burst.exceeded) throw errors.tooManyAttempts(burst.retryAfter, true);
  const failed = async () => {
    await limiter.hit(failuresKey, TWO_FACTOR_FAILURES_PER_IP_PER_10_MINUTES, 600);
  };
  const now = new Date();
  const challenge = await repo.findChallenge(db, sha256(body.challenge), now);
  if (!challenge) {
    await failed();
    throw errors.field('challenge', fieldMessages.twoFactor.challengeExpired);
  }
  const user = await repo.findTwoFactorUser(db, challenge.user_id);
  if (!user?.totp_secret) {
    await repo.deleteChallenge(db, challenge.id);
    throw errors.field('challenge', fieldMessages.twoFactor.challengeExpired);
  }
  if (user.company_status === 'suspended') {
    await repo.deleteChallenge(db, challenge.id);
    throw errors.signInSuspended();
  }
  const accepted = body.recovery_code
    ? await repo.useRecoveryCode(db, user.id, totp.recoveryCodeHash(body.recovery_code), now)
    : await codeAccepted(ctx, user.id, user.totp_secret, body.code ?? '');
  if (!accepted) {
    await failed();
    await repo.countWrongCode(db, challenge.id, CHALLENGE_MAX_ATTEMPTS);
    throw errors.field('code', fieldMessages.twoFactor.wrongCode);
  }
  // Used once: a concurrent request with the same challenge finds it gone.
  if (!(await repo.deleteChallenge(db, challenge.id)))
    throw errors.field('challenge', fieldMessages.twoFactor.challengeExpired);
  return completeSignIn(ctx, { id: user.id, email: user.email }, meta, body.device_id);
}

async function codeAccepted(ctx: AppContext, userId: number, secret: string, code: string): Promise<boolean> {
  const step = totp.matchingStep(secret, code.trim());
  return step !== null && (await repo.takeStep(ctx.db, userId, step));
}
