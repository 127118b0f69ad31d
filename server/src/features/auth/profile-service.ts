import type { AppContext } from '../../infra/context.js';
import type { Actor } from '../../infra/auth.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { renderMail } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { hashPassword, verifyPassword } from '../../infra/passwords.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { requestEmailChange } from './email-service.js';
import { canUpdateUser, newPasswordErrors } from './policy.js';
import type { PresentedUser } from './presenter.js';
import * as repo from './repository.js';
import type { UserUpdateBody } from './schemas.js';
import { mustPresent, PASSWORD_CHECKS_PER_MINUTE, userNotFound, type RequestMeta } from './service.js';

/**
 * POST /users/{id}/update: the name at once; a new password (with the current one) at once, ending the
 * user's other sessions; a new e-mail (with the current password) only once the link sent to it is
 * opened (email-service.ts) — the answer shows it as pending_email and never tells whether it is taken.
 */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  targetId: number,
  body: UserUpdateBody,
  meta: RequestMeta,
): Promise<PresentedUser> {
  const { db, limiter } = ctx;
  const target = await repo.findUserCredentials(db, targetId);
  if (!target || !canUpdateUser(actor, target)) throw userNotFound();

  const problems: FieldErrors = {};
  const patch: { name?: string; password_hash?: string } = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) problems.name = [fieldMessages.shared.personNameRequired];
    else patch.name = name;
  }
  let newEmail: string | null = null;
  if (body.email !== undefined) {
    const email = repo.normalizeEmail(body.email);
    if (email !== repo.normalizeEmail(target.email)) newEmail = email;
  }
  const changesPassword = typeof body.password === 'string' && body.password !== '';
  if (changesPassword) Object.assign(problems, newPasswordErrors(body.password as string, body.password_confirmation));
  // A stolen session alone can't take the account over: changing the e-mail or the password asks for
  // the current password.
  if (changesPassword || newEmail) {
    if (!body.current_password) {
      problems.current_password = [
        changesPassword
          ? fieldMessages.account.currentPasswordForPassword
          : fieldMessages.account.currentPasswordForEmail,
      ];
    } else {
      const throttleKey = `current-password:${target.id}`;
      const { allowed, retryAfter } = await limiter.hit(throttleKey, PASSWORD_CHECKS_PER_MINUTE, 60);
      if (!allowed) throw errors.tooManyAttempts(retryAfter);
      if (await verifyPassword(target.password_hash, body.current_password)) await limiter.reset(throttleKey);
      else problems.current_password = [fieldMessages.shared.currentPasswordWrong];
    }
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
  if (changesPassword) patch.password_hash = await hashPassword(body.password as string);

  if (Object.keys(patch).length) {
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, target.id, patch);
      if (patch.password_hash) {
        // Other sessions end and every reset link sent before is void.
        await repo.revokeOtherTokens(trx, target.id, actor.tokenId);
        await repo.invalidateResetTokens(trx, target.id, new Date());
        await repo.recordAudit(trx, {
          userId: actor.id,
          action: 'password.change',
          subject: `user:${target.id}`,
          ip: meta.ip,
        });
      }
      if (patch.name) {
        await repo.recordAudit(trx, {
          userId: actor.id,
          action: 'user.update',
          subject: `user:${target.id} name`,
          ip: meta.ip,
        });
      }
    });
  }
  if (patch.password_hash) await ctx.mailer.send(await passwordChangedNotice(ctx, target.id, target.email));
  if (newEmail) {
    const profile = await repo.findProfile(db, target.id);
    if (profile) await requestEmailChange(ctx, actor, profile, newEmail, meta.ip);
  }
  return mustPresent(db, target.id);
}

/** How long the "it wasn't me" link of a password-change notice stays valid. */
const NOTICE_RESET_HOURS = 24;

/**
 * Tells the account's address that its password changed, with a way back: a fresh reset link (only
 * the mailbox's owner gets it), so a change made from a stolen session is undone from the mail alone.
 */
async function passwordChangedNotice(ctx: AppContext, userId: number, email: string): Promise<MailMessage> {
  const token = randomSecret(32);
  await repo.replaceResetToken(ctx.db, userId, sha256(token), new Date(Date.now() + NOTICE_RESET_HOURS * 3_600_000));
  return renderMail(email, {
    subject: 'Parola contului Dosar a fost schimbată',
    paragraphs: [
      'Parola contului tău Dosar tocmai a fost schimbată; celelalte sesiuni au fost închise.',
      `Dacă nu ai făcut tu această schimbare, alege imediat o parolă nouă cu butonul de mai jos (linkul este valabil ${NOTICE_RESET_HOURS} de ore și închide toate sesiunile).`,
    ],
    action: {
      label: 'Nu am fost eu: alege o parolă nouă',
      url: `${ctx.config.publicUrl}reset-password/${token}?email=${encodeURIComponent(email)}`,
    },
  });
}
