import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { type Actor, revokeAllTokens, revokeToken } from '../../infra/auth.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { hashPassword, verifyPassword } from '../../infra/passwords.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { renderMail } from '../../infra/mail-templates.js';
import { newPasswordErrors } from './policy.js';
import { presentUser, type PresentedUser } from './presenter.js';
import * as repo from './repository.js';
import { completeSignIn, startChallenge, type TwoFactorChallenge } from './sign-in.js';
import type { LoginBody, PasswordResetBody } from './schemas.js';

/** What a service needs to know about the request it serves. */
export interface RequestMeta {
  ip: string;
  log: FastifyBaseLogger;
  /** The User-Agent header, recorded with a session and read for the new-device alert. */
  userAgent?: string;
}

export type Session = {
  user: PresentedUser;
  token: string;
};

export const LOGIN_LIMIT = 5;
const LOGIN_WINDOW_SECONDS = 60;
export const RESET_TOKEN_MINUTES = 60;
const RESET_MAIL_WINDOW_SECONDS = 60;
const RESET_REQUESTS_PER_IP_PER_HOUR = 20;
export const PASSWORD_CHECKS_PER_MINUTE = 5;

export const RESET_REQUESTED =
  'Dacă adresa aparține unui cont, vei primi în câteva minute un e-mail cu linkul de resetare a parolei.';
export const PASSWORD_RESET_DONE = 'Parola a fost schimbată. Te poți autentifica cu noua parolă.';

export const userNotFound = () => errors.notFound('Utilizatorul');

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/** Failed sign-ins one address may make in 10 minutes, whatever the e-mails. */
const FAILED_LOGINS_PER_IP_PER_10_MINUTES = 50;

/** Failed sign-ins one e-mail may collect in 15 minutes, from any addresses. */
export const FAILED_LOGINS_PER_ACCOUNT_PER_15_MINUTES = 30;

/** Password resets one address may try in 10 minutes (each valid one hashes a password). */
const RESETS_PER_IP_PER_10_MINUTES = 20;

// Unknown e-mails still pay for one argon2 verification, so timing does not reveal which accounts exist.
let timingHash: Promise<string> | null = null;
const equaliseTiming = (password: string): Promise<boolean> => {
  timingHash ??= hashPassword(randomSecret(16));
  return timingHash.then((hash) => verifyPassword(hash, password));
};

/**
 * POST /login: 5 attempts a minute per e-mail + IP; a success clears the counter. An account with
 * two-factor sign-in gets a challenge instead of a token (POST /login/two-factor).
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  meta: RequestMeta,
): Promise<Session | TwoFactorChallenge> {
  const { db, limiter } = ctx;
  const email = repo.normalizeEmail(body.email);
  const throttleKey = `login:${email}:${meta.ip}`;
  const { allowed, retryAfter } = await limiter.hit(throttleKey, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
  if (!allowed) throw errors.tooManyAttempts(retryAfter, true);
  // Failed sign-ins from one address (any e-mails) have a budget, checked before any hashing: a burst of
  // made-up addresses can't keep the CPU hashing. Successful sign-ins don't count (one office, many users).
  const failuresKey = `login-failures:${meta.ip}`;
  const burst = await limiter.exceeded(failuresKey, FAILED_LOGINS_PER_IP_PER_10_MINUTES);
  if (burst.exceeded) throw errors.tooManyAttempts(burst.retryAfter, true);
  // One account's failures have a budget too, whatever the addresses they come from (a botnet guessing
  // one password); counted for every e-mail alike, so it tells nothing about which ones have accounts.
  const accountKey = `login-account-failures:${email}`;
  const guessed = await limiter.exceeded(accountKey, FAILED_LOGINS_PER_ACCOUNT_PER_15_MINUTES);
  if (guessed.exceeded) throw errors.tooManyAttempts(guessed.retryAfter, true);
  const user = await repo.findLoginCandidate(db, email);
  // Unknown, invited (no password yet) and known accounts all cost one hash verification: the answer's
  // timing tells nothing about which addresses have accounts or which are still invitations.
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, body.password)
    : await equaliseTiming(body.password).then(() => false);
  if (!user || !ok) {
    await limiter.hit(failuresKey, FAILED_LOGINS_PER_IP_PER_10_MINUTES, 600);
    await limiter.hit(accountKey, FAILED_LOGINS_PER_ACCOUNT_PER_15_MINUTES, 900);
    await repo.recordAudit(db, { userId: user?.id ?? null, action: 'login.failure', subject: email, ip: meta.ip });
    throw errors.signInFailed();
  }
  if (user.company_status === 'suspended') {
    await repo.recordAudit(db, {
      userId: user.id,
      action: 'login.failure',
      subject: `${email} (companie suspendată)`,
      ip: meta.ip,
    });
    throw errors.signInSuspended();
  }
  await limiter.reset(throttleKey);
  if (user.totp_enabled_at) return startChallenge(ctx, user.id);
  return completeSignIn(ctx, { id: user.id, email }, meta, body.device_id);
}

export async function logout(ctx: AppContext, actor: Actor, meta: RequestMeta): Promise<void> {
  await revokeToken(ctx.db, actor.tokenId);
  await repo.recordAudit(ctx.db, { userId: actor.id, action: 'logout', subject: actor.email, ip: meta.ip });
}

/**
 * POST /password/email. The caller answers the same whatever happens here, so
 * nobody learns which e-mails have accounts; a known account gets at most one
 * mail a minute.
 */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string, meta: RequestMeta): Promise<void> {
  const { db, limiter, mailer, config } = ctx;
  const perIp = await limiter.hit(`password-email-ip:${meta.ip}`, RESET_REQUESTS_PER_IP_PER_HOUR, 3600);
  if (!perIp.allowed) throw errors.tooManyAttempts(perIp.retryAfter);
  const email = repo.normalizeEmail(rawEmail);
  const perEmail = await limiter.hit(`password-email:${email}`, 1, RESET_MAIL_WINDOW_SECONDS);
  if (!perEmail.allowed) return;
  const user = await repo.findResettableUser(db, email);
  if (!user) return;
  const token = randomSecret(32);
  await repo.replaceResetToken(db, user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000));
  await repo.recordAudit(db, { userId: user.id, action: 'password.reset_requested', subject: user.email, ip: meta.ip });
  const link = `${config.publicUrl}reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  const message = renderMail(user.email, {
    subject: 'Resetarea parolei Dosar',
    paragraphs: [
      'Am primit o cerere de resetare a parolei pentru contul tău Dosar.',
      `Linkul de mai jos este valabil ${RESET_TOKEN_MINUTES} de minute și poate fi folosit o singură dată.`,
      'Dacă nu ai cerut tu resetarea, ignoră acest e-mail: parola rămâne neschimbată.',
    ],
    action: { label: 'Resetează parola', url: link },
  });
  // Not awaited: a slow SMTP server must not make known e-mails answer slower than unknown ones.
  mailer.send(message).catch((error: unknown) => meta.log.error({ err: error }, 'password reset mail failed'));
}

/** POST /password/reset: a valid, unused, unexpired token sets the password and ends every session. */
export async function resetPassword(ctx: AppContext, body: PasswordResetBody, meta: RequestMeta): Promise<void> {
  const { db, limiter } = ctx;
  // Hashing costs ~20 ms of CPU: an anonymous caller gets it only within its address's budget, and only
  // for a token that is valid (checked by a cheap read first; taking it stays atomic below).
  const { allowed, retryAfter } = await limiter.hit(`password-reset:${meta.ip}`, RESETS_PER_IP_PER_10_MINUTES, 600);
  if (!allowed) throw errors.tooManyAttempts(retryAfter);
  const problems = newPasswordErrors(body.password, body.password_confirmation);
  if (Object.keys(problems).length) throw errors.validation(problems);
  const now = new Date();
  if (!(await repo.resetTokenValid(db, sha256(body.token), body.email, now))) {
    throw errors.field('token', fieldMessages.account.resetLinkInvalid);
  }
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction().execute(async (trx) => {
    const owner = await repo.consumeResetToken(trx, sha256(body.token), body.email, now);
    if (owner === undefined) return undefined;
    // The link came to the address: it is proven (an invited account's first password verifies it too).
    await repo.updateUser(trx, owner, { password_hash: passwordHash, email_verified_at: now });
    await repo.invalidateResetTokens(trx, owner, now);
    await revokeAllTokens(trx, owner);
    await repo.recordAudit(trx, {
      userId: owner,
      action: 'password.reset',
      subject: repo.normalizeEmail(body.email),
      ip: meta.ip,
    });
    return owner;
  });
  if (userId === undefined) throw errors.field('token', fieldMessages.account.resetLinkInvalid);
}

export async function mustPresent(db: Db, userId: number): Promise<PresentedUser> {
  const profile = await repo.findProfile(db, userId);
  if (!profile) throw errors.unauthenticated();
  return presentUser(profile);
}

/** GET /user: the signed-in user (401 when the account went away meanwhile). */
export const currentUser = (ctx: AppContext, actor: Actor): Promise<PresentedUser> => mustPresent(ctx.db, actor.id);
