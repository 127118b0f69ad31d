import type { AppContext } from '../../infra/context.js';
import { type Actor, markSecondFactor, revokePasswordOnlyTokens } from '../../infra/auth.js';
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
import { recoveryCodeUsedMail, twoFactorChangedMail, wrongCodesMail, type TwoFactorChange } from './two-factor-mail.js';

/** Two-factor sign-in: setting it up, turning it off, recovery codes, and the second step of a sign-in. */

export const ENABLED = 'Autentificarea în doi pași este activă.';
export const DISABLED = 'Autentificarea în doi pași a fost dezactivată.';

/** Wrong codes that void a challenge. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Wrong second-step answers one address may give in 10 minutes, whatever the accounts. */
const TWO_FACTOR_FAILURES_PER_IP_PER_10_MINUTES = 30;
/** Password checks per user per minute: the same budget (and key) as a password change on the profile. */
const PASSWORD_CHECKS_PER_MINUTE = 5;
/**
 * Wrong codes (app or recovery) one account may take in 15 minutes, from any addresses and challenges:
 * 10 guesses of a 6-digit code (3 steps accepted) have about a 1 in 33,000 chance, and then the owner knows.
 */
export const ACCOUNT_WRONG_CODES = 10;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;
const accountKey = (userId: number) => `two-factor-account:${userId}`;

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

/** 429 while the account has had its wrong codes for the window. */
async function assertCodesAccepted(ctx: AppContext, userId: number): Promise<void> {
  const locked = await ctx.limiter.exceeded(accountKey(userId), ACCOUNT_WRONG_CODES);
  if (locked.exceeded) throw errors.twoFactorLocked(locked.retryAfter);
}

/**
 * Counts a wrong code against the account; the one that reaches the limit mails the owner. The mail has
 * its own one-hit key lasting as long as the lock, so wrong codes racing past the limit send it once.
 */
async function countWrongCode(ctx: AppContext, user: { id: number; email: string }, ip: string): Promise<void> {
  await ctx.limiter.hit(accountKey(user.id), ACCOUNT_WRONG_CODES, ACCOUNT_WINDOW_SECONDS);
  const locked = await ctx.limiter.exceeded(accountKey(user.id), ACCOUNT_WRONG_CODES);
  if (!locked.exceeded) return;
  const first = await ctx.limiter.hit(`two-factor-lock-mail:${user.id}`, 1, locked.retryAfter);
  if (first.allowed) await ctx.mailer.send(wrongCodesMail(user.email, ACCOUNT_WRONG_CODES, ip, locked.retryAfter));
}

/** What proves the second factor on the profile: a current code of the app, or an unused recovery code. */
export interface SecondFactorProof {
  code?: string;
  recovery_code?: string;
}

/**
 * With two-factor sign-in on, a change to it needs the second factor besides the password: a stolen
 * session and password alone can't move it to another phone, turn it off or take the recovery codes.
 * A wrong code counts against the account like one at sign-in; a recovery code is used up.
 */
async function checkSecondFactor(
  ctx: AppContext,
  user: TwoFactorUser,
  proof: SecondFactorProof,
  ip: string,
): Promise<void> {
  if (!user.totp_secret) return;
  const code = proof.code?.trim() ?? '';
  const recovery = proof.recovery_code?.trim() ?? '';
  if (!code && !recovery) throw errors.field('code', fieldMessages.twoFactor.codeRequired);
  await assertCodesAccepted(ctx, user.id);
  const accepted = recovery
    ? await repo.useRecoveryCode(ctx.db, user.id, totp.recoveryCodeHash(recovery), new Date())
    : await codeAccepted(ctx, user.id, user.totp_secret, code);
  if (!accepted) {
    await countWrongCode(ctx, user, ip);
    throw errors.field('code', fieldMessages.twoFactor.wrongCode);
  }
}

/** The owner hears of every change to the second factor; a failed mail does not undo the change. */
async function tellOwner(ctx: AppContext, user: TwoFactorUser, change: TwoFactorChange, meta: RequestMeta) {
  await ctx.mailer
    .send(twoFactorChangedMail(user.email, change, meta.ip))
    .catch((error: unknown) => meta.log.error({ err: error }, 'two-factor change mail failed'));
}

/**
 * POST /two-factor/setup: a new pending secret (the enabled one, if any, keeps working until it is
 * confirmed). Moving to another app while it is on needs a code of the current one (or a recovery code).
 */
export async function setup(
  ctx: AppContext,
  actor: Actor,
  body: { current_password: string } & SecondFactorProof,
  meta: RequestMeta,
) {
  const user = await mustLoad(ctx, actor);
  await checkCurrentPassword(ctx, user, body.current_password);
  await checkSecondFactor(ctx, user, body, meta.ip);
  const secret = totp.newTotpSecret();
  await repo.setPendingSecret(ctx.db, user.id, secret);
  return totp.enrolment(secret, user.email);
}

/**
 * POST /two-factor/enable: a code of the pending secret confirms it; ten new recovery codes. This session
 * has just proven the new factor and stays; every other session opened with the password alone ends.
 */
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
    await markSecondFactor(trx, actor.tokenId);
    await revokePasswordOnlyTokens(trx, { userId: user.id });
    await recordAudit(trx, { userId: user.id, action: 'two_factor.enable', subject: user.email, ip: meta.ip });
  });
  await tellOwner(ctx, user, user.totp_enabled_at ? 'moved' : 'enabled', meta);
  return { message: ENABLED, recovery_codes: codes };
}

/**
 * POST /two-factor/disable: not while the user's company or holding requires it; the password and a
 * code (or a recovery code); recovery codes go too.
 */
export async function disable(
  ctx: AppContext,
  actor: Actor,
  body: { current_password: string } & SecondFactorProof,
  meta: RequestMeta,
) {
  const user = await mustLoad(ctx, actor);
  if (tenantRequires(user)) throw errors.twoFactorRequiredByTenant();
  await checkCurrentPassword(ctx, user, body.current_password);
  await checkSecondFactor(ctx, user, body, meta.ip);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.clearTwoFactor(trx, user.id);
    await recordAudit(trx, { userId: user.id, action: 'two_factor.disable', subject: user.email, ip: meta.ip });
  });
  if (user.totp_enabled_at) await tellOwner(ctx, user, 'disabled', meta);
  return { message: DISABLED };
}

/** POST /two-factor/recovery-codes: ten new codes (the password and a code); the earlier ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  actor: Actor,
  body: { current_password: string } & SecondFactorProof,
  meta: RequestMeta,
) {
  const user = await mustLoad(ctx, actor);
  if (!user.totp_enabled_at) throw errors.field('current_password', fieldMessages.twoFactor.notEnabled);
  await checkCurrentPassword(ctx, user, body.current_password);
  await checkSecondFactor(ctx, user, body, meta.ip);
  const codes = totp.newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(totp.recoveryCodeHash));
    await recordAudit(trx, { userId: user.id, action: 'two_factor.recovery_codes', subject: user.email, ip: meta.ip });
  });
  await tellOwner(ctx, user, 'recovery_codes', meta);
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
 * an address has a budget of wrong answers, checked before anything else, and so has the account,
 * whatever the addresses (its owner is mailed when it runs out). A used recovery code is mailed too.
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
  await assertCodesAccepted(ctx, user.id);
  const accepted = body.recovery_code
    ? await repo.useRecoveryCode(db, user.id, totp.recoveryCodeHash(body.recovery_code), now)
    : await codeAccepted(ctx, user.id, user.totp_secret, body.code ?? '');
  if (!accepted) {
    await failed();
    await repo.countWrongCode(db, challenge.id, CHALLENGE_MAX_ATTEMPTS);
    await countWrongCode(ctx, user, meta.ip);
    throw errors.field('code', fieldMessages.twoFactor.wrongCode);
  }
  // Used once: a concurrent request with the same challenge finds it gone.
  if (!(await repo.deleteChallenge(db, challenge.id)))
    throw errors.field('challenge', fieldMessages.twoFactor.challengeExpired);
  const session = await completeSignIn(ctx, { id: user.id, email: user.email }, meta, body.device_id, true);
  if (body.recovery_code) {
    const left = await repo.unusedRecoveryCodes(db, user.id);
    await ctx.mailer
      .send(recoveryCodeUsedMail(user.email, meta.ip, left))
      .catch((error: unknown) => meta.log.error({ err: error }, 'recovery code mail failed'));
  }
  return session;
}

async function codeAccepted(ctx: AppContext, userId: number, secret: string, code: string): Promise<boolean> {
  const step = totp.matchingStep(secret, code.trim());
  return step !== null && (await repo.takeStep(ctx.db, userId, step));
}
