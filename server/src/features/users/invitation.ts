import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { renderMail, unlinked } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { replaceResetToken } from '../auth/index.js';

/** An invited account sets its first password on the reset-password page; the link lives 7 days. */
export const SET_PASSWORD_DAYS = 7;

/**
 * Issues a password-reset token for an invited account (only its SHA-256 is
 * stored, like POST /api/password/email) and answers the invitation e-mail,
 * to send once the surrounding transaction committed.
 */
export async function prepareSetPasswordMail(
  db: Db,
  config: AppContext['config'],
  user: { id: number; email: string; name: string },
  invitation: string,
  message?: string,
): Promise<MailMessage> {
  const token = randomSecret();
  const expiresAt = new Date(Date.now() + SET_PASSWORD_DAYS * 24 * 60 * 60 * 1000);
  await replaceResetToken(db, user.id, sha256(token), expiresAt);
  // invite=1: the page says „Alege o parolă” and signs the new account in once the password is set.
  const url = `${config.publicUrl}reset-password/${token}?email=${encodeURIComponent(user.email)}&invite=1`;
  return renderMail(user.email, {
    subject: 'Invitație în Dosar: setează parola contului tău',
    // The name is the inviter's to choose: shown as text, never as a link.
    greeting: `Bună ziua, ${unlinked(user.name)},`,
    paragraphs: [
      invitation,
      ...(message ? [message] : []),
      `Pentru a intra în cont, setează-ți parola folosind butonul de mai jos. Linkul este valabil ${SET_PASSWORD_DAYS} zile.`,
    ],
    action: { label: 'Setează parola', url },
  });
}
