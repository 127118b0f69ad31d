import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { type Actor, revokeAllTokens } from '../../infra/auth.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { renderMail } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { retireUnverifiedAccount } from '../companies/index.js';
import * as links from './email-repository.js';
import * as repo from './repository.js';

/**
 * E-mail ownership: an address counts only once a link sent to it was opened. A new owner verifies the
 * address it registered with; a change of address waits for the link sent to the new one, and the old
 * one gets a link that undoes the change (and ends every session). Only the SHA-256 of a link is stored.
 */

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config' | 'limiter'>;

export const VERIFY_HOURS = 48;
export const CHANGE_HOURS = 24;
export const UNDO_DAYS = 7;
/** The reset link the undo mails (the reset flow's own lifetime). */
const UNDO_RESET_MINUTES = 60;
const PUBLIC_CALLS_PER_IP_PER_10_MINUTES = 30;
const CHANGE_MAILS_PER_USER_PER_HOUR = 5;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,100}$/;
const HOUR = 3600_000;

const { verifyLinkInvalid, changeLinkInvalid, undoLinkInvalid, addressTakenMeanwhile } = fieldMessages.account;

async function throttle(ctx: Ctx, key: string, limit: number, windowSeconds: number): Promise<void> {
  const { allowed, retryAfter } = await ctx.limiter.hit(key, limit, windowSeconds);
  if (!allowed) throw errors.throttled(retryAfter);
}

/** 403 `email_unverified` unless the user's address is verified: the one check before Dosar mails others for them. */
export async function assertEmailVerified(db: Db, userId: number): Promise<void> {
  if (!(await links.isVerified(db, userId))) throw errors.emailUnverified();
}

/** Stores a fresh verification link for the user's address and answers its mail (send it after the commit). */
export async function prepareVerificationMail(
  db: Db,
  config: AppContext['config'],
  user: { id: number; email: string; name: string },
): Promise<MailMessage> {
  const token = randomSecret(32);
  await links.replaceEmailToken(db, {
    userId: user.id,
    purpose: 'verify',
    tokenHash: sha256(token),
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFY_HOURS * HOUR),
  });
  return renderMail(user.email, {
    subject: 'Confirmă adresa de e-mail',
    greeting: `Bună ziua, ${user.name},`,
    paragraphs: [
      'Ți-ai creat un cont Dosar cu această adresă. Confirm-o cu butonul de mai jos: până atunci nu poți invita utilizatori, trimite mesaje sau colabora cu holdinguri.',
      `Linkul este valabil ${VERIFY_HOURS} de ore. Dacă nu tu ți-ai creat contul, ignoră acest e-mail.`,
    ],
    action: { label: 'Confirmă adresa', url: `${config.publicUrl}verify-email/${token}` },
  });
}

/** POST /email/verification-notification: a new link, at most one a minute and five an hour. */
export async function resendVerification(ctx: Ctx, actor: Actor): Promise<{ message: string }> {
  const user = await links.findUserEmail(ctx.db, actor.id);
  if (!user) throw errors.unauthenticated();
  if (user.email_verified_at) return { message: 'Adresa de e-mail este deja confirmată.' };
  for (const [key, limit, window] of [
    [`verify-mail-minute:${actor.id}`, 1, 60],
    [`verify-mail-hour:${actor.id}`, 5, 3600],
  ] as const) {
    const { allowed, retryAfter } = await ctx.limiter.hit(key, limit, window);
    if (!allowed) throw errors.linkAlreadySent(retryAfter);
  }
  await ctx.mailer.send(await prepareVerificationMail(ctx.db, ctx.config, user));
  return { message: `Ți-am trimis un nou link de confirmare la ${user.email}.` };
}

/** The link behind a public token, or the purpose's 422 (unknown, used, expired, malformed). */
async function openLink(ctx: Ctx, ip: string, token: string, purpose: links.EmailPurpose, invalid: string) {
  await throttle(ctx, `email-link:${ip}`, PUBLIC_CALLS_PER_IP_PER_10_MINUTES, 600);
  if (!TOKEN_FORMAT.test(token)) throw errors.field('token', invalid);
  const row = await links.findEmailToken(ctx.db, sha256(token), purpose);
  if (!row) throw errors.field('token', invalid);
  return row;
}

/** POST /email/verify {token}: the address the link went to is the account's, and now verified. */
export async function verifyEmail(ctx: Ctx, ip: string, token: string): Promise<{ message: string }> {
  const row = await openLink(ctx, ip, token, 'verify', verifyLinkInvalid);
  const stillItsAddress = links.sameEmail(row.email, row.user_email);
  // A second click on the same link: nothing to do, and nothing wrong either.
  if (row.used_at && stillItsAddress && row.user_verified_at)
    return { message: 'Adresa de e-mail este deja confirmată.' };
  if (!stillItsAddress) throw errors.field('token', verifyLinkInvalid);
  const now = new Date();
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await links.takeEmailToken(trx, row.id, now))) return false;
    await links.markVerified(trx, row.user_id, now);
    await repo.recordAudit(trx, { userId: row.user_id, action: 'email.verified', subject: row.email, ip });
    return true;
  });
  if (!done) throw errors.field('token', verifyLinkInvalid);
  return { message: 'Adresa de e-mail a fost confirmată. Mulțumim!' };
}

/**
 * A change of address asked from the profile (the current password was checked by the caller), at most
 * CHANGE_MAILS_PER_USER_PER_HOUR an hour per account. The answer never says whether the new address is
 * taken: a taken one gets a notice instead of the link (a mail either way), and the profile shows the
 * pending address either way.
 */
export async function requestEmailChange(
  ctx: Ctx,
  actor: Actor,
  user: { id: number; email: string; name: string },
  newEmail: string,
  ip: string,
): Promise<void> {
  await throttle(ctx, `email-change:${user.id}`, CHANGE_MAILS_PER_USER_PER_HOUR, 3600);
  const token = randomSecret(32);
  await links.replaceEmailToken(ctx.db, {
    userId: user.id,
    purpose: 'change',
    tokenHash: sha256(token),
    email: newEmail,
    oldEmail: user.email,
    requestedTokenId: actor.id === user.id ? actor.tokenId : null,
    expiresAt: new Date(Date.now() + CHANGE_HOURS * HOUR),
  });
  await repo.recordAudit(ctx.db, {
    userId: actor.id,
    action: 'email.change_requested',
    subject: `user:${user.id}`,
    ip,
  });
  if (await repo.emailTaken(ctx.db, newEmail, user.id)) {
    await ctx.mailer.send(
      renderMail(newEmail, {
        subject: 'Adresa ta de e-mail a fost cerută pentru alt cont Dosar',
        paragraphs: [
          `Cineva a cerut ca ${newEmail} să devină adresa unui alt cont Dosar. Adresa este deja a contului tău, așa că nu s-a schimbat nimic.`,
          'Dacă nu ai cerut tu asta, ignoră acest e-mail: contul tău rămâne cum era.',
        ],
      }),
    );
    return;
  }
  await ctx.mailer.send(
    renderMail(newEmail, {
      subject: 'Confirmă noua adresă de e-mail a contului Dosar',
      greeting: `Bună ziua, ${user.name},`,
      paragraphs: [
        `Ai cerut ca adresa contului tău Dosar să devină ${newEmail}. Adresa se schimbă după ce deschizi linkul de mai jos.`,
        `Linkul este valabil ${CHANGE_HOURS} de ore. Dacă nu ai cerut tu schimbarea, ignoră acest e-mail: contul rămâne pe adresa veche.`,
      ],
      action: { label: 'Confirmă adresa nouă', url: `${ctx.config.publicUrl}confirm-email/${token}` },
    }),
  );
}

/**
 * POST /email/confirm-change {token}: the new address is the account's (verified); other sessions end
 * (the one that asked stays, if still signed in), reset links are void, and the old address is told,
 * with a link that undoes the change for 7 days.
 */
export async function confirmEmailChange(ctx: Ctx, ip: string, token: string): Promise<{ message: string }> {
  const row = await openLink(ctx, ip, token, 'change', changeLinkInvalid);
  if (row.used_at || new Date(row.expires_at) <= new Date()) throw errors.field('token', changeLinkInvalid);
  const now = new Date();
  const undoToken = randomSecret(32);
  const oldEmail = row.old_email ?? row.user_email;
  const notifyOld = row.user_verified_at !== null && !links.sameEmail(oldEmail, row.email);
  const applied = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (!(await links.takeEmailToken(trx, row.id, now))) return 'invalid' as const;
      if (await repo.emailTaken(trx, row.email, row.user_id)) return 'taken' as const;
      await links.setVerifiedEmail(trx, row.user_id, row.email, now);
      const keep = row.requested_token_id ?? 0;
      await repo.revokeOtherTokens(trx, row.user_id, keep);
      await repo.invalidateResetTokens(trx, row.user_id, now);
      // Not replaceEmailToken: the undo link of an earlier change stays valid for its 7 days, so a
      // second change (made by whoever took the account) can't void the way back of the first owner.
      if (notifyOld) {
        await links.addEmailToken(trx, {
          userId: row.user_id,
          purpose: 'undo',
          tokenHash: sha256(undoToken),
          email: oldEmail,
          oldEmail: row.email,
          expiresAt: new Date(now.getTime() + UNDO_DAYS * 24 * HOUR),
        });
      }
      await repo.recordAudit(trx, {
        userId: row.user_id,
        action: 'email.change',
        subject: `user:${row.user_id} ${oldEmail} → ${row.email}`,
        ip,
      });
      return 'done' as const;
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') return 'taken' as const;
      throw error;
    });
  if (applied === 'invalid') throw errors.field('token', changeLinkInvalid);
  if (applied === 'taken') throw errors.field('token', addressTakenMeanwhile);
  if (notifyOld) {
    await ctx.mailer.send(
      renderMail(oldEmail, {
        subject: 'Adresa de e-mail a contului Dosar a fost schimbată',
        paragraphs: [
          `Adresa de e-mail a contului tău Dosar a fost schimbată în ${row.email}. De acum, e-mailurile contului merg acolo.`,
          'Celelalte sesiuni au fost închise, iar linkurile de resetare a parolei trimise până acum nu mai sunt valabile.',
          `Dacă nu ai făcut tu această schimbare, anuleaz-o cu butonul de mai jos (valabil ${UNDO_DAYS} zile): contul revine pe această adresă, toate sesiunile se închid și primești un link pentru o parolă nouă.`,
        ],
        action: { label: 'Anulează schimbarea', url: `${ctx.config.publicUrl}undo-email/${undoToken}` },
      }),
    );
  }
  return { message: `Adresa de e-mail a contului este acum ${row.email}.` };
}

/**
 * POST /email/undo {token}: the old address is the account's again, every session ends, every reset
 * link is void, and so is every e-mail link made after this one (the undo links of later changes
 * included); the old address gets a fresh reset link (the reset flow) to choose a new password.
 */
export async function undoEmailChange(ctx: Ctx, ip: string, token: string): Promise<{ message: string }> {
  const row = await openLink(ctx, ip, token, 'undo', undoLinkInvalid);
  if (row.used_at || new Date(row.expires_at) <= new Date()) throw errors.field('token', undoLinkInvalid);
  const now = new Date();
  const resetToken = randomSecret(32);
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (!(await links.takeEmailToken(trx, row.id, now))) return 'invalid' as const;
      // Whoever registered the freed address meanwhile never proved it; the undo link just did.
      const holder = await links.findOtherHolder(trx, row.email, row.user_id);
      if (holder && !holder.email_verified_at)
        await retireUnverifiedAccount(trx, holder, { subject: `email.undo user:${row.user_id}`, ip });
      if (await repo.emailTaken(trx, row.email, row.user_id)) return 'taken' as const;
      await links.setVerifiedEmail(trx, row.user_id, row.email, now);
      await revokeAllTokens(trx, row.user_id);
      await repo.invalidateResetTokens(trx, row.user_id, now);
      await links.voidEmailTokens(trx, row.user_id, ['change', 'verify'], now);
      await links.voidEmailTokensAfter(trx, row.user_id, row.id, now);
      await repo.replaceResetToken(
        trx,
        row.user_id,
        sha256(resetToken),
        new Date(now.getTime() + UNDO_RESET_MINUTES * 60_000),
      );
      await repo.recordAudit(trx, {
        userId: row.user_id,
        action: 'email.undo',
        subject: `user:${row.user_id} ${row.old_email ?? ''} → ${row.email}`,
        ip,
      });
      return 'done' as const;
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') return 'taken' as const;
      throw error;
    });
  if (outcome === 'invalid') throw errors.field('token', undoLinkInvalid);
  if (outcome === 'taken') throw errors.field('token', addressTakenMeanwhile);
  const link = `${ctx.config.publicUrl}reset-password/${resetToken}?email=${encodeURIComponent(row.email)}`;
  await ctx.mailer.send(
    renderMail(row.email, {
      subject: 'Schimbarea adresei a fost anulată: alege o parolă nouă',
      paragraphs: [
        `Contul tău Dosar folosește din nou adresa ${row.email}. Toate sesiunile au fost închise.`,
        `Pentru siguranță, alege o parolă nouă cu butonul de mai jos (linkul este valabil ${UNDO_RESET_MINUTES} de minute).`,
      ],
      action: { label: 'Alege o parolă nouă', url: link },
    }),
  );
  return {
    message: `Schimbarea a fost anulată: contul folosește din nou adresa ${row.email}. Toate sesiunile au fost închise; ți-am trimis pe e-mail un link pentru o parolă nouă.`,
  };
}
