import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { renderMail } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { randomSecret, sha256 } from '../../infra/tokens.js';
import { replaceResetToken } from '../auth/repository.js';

/** An invited account sets its first password through the password-reset page; the link lives 7 days. */
export const SET_PASSWORD_DAYS = 7;

/**
 * Creates a password-reset token for a new account (only its SHA-256 is
 * stored, as for POST /api/password/email) and answers the e-mail to send
 * once the surrounding transaction has committed.
 */
export async function prepareSetPasswordMail(
  db: Db,
  config: AppContext['config'],
  user: { id: number; email: string; name: string },
  invitation: string,
): Promise<MailMessage> {
  const token = randomSecret();
  const expiresAt = new Date(Date.now() + SET_PASSWORD_DAYS * 24 * 60 * 60 * 1000);
  await replaceResetToken(db, user.id, sha256(token), expiresAt);
  const url = `${config.publicUrl}reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  return renderMail(user.email, {
    subject: 'Setează parola contului tău Dosar',
    greeting: `Bună ziua, ${user.name},`,
    paragraphs: [
      invitation,
      `Pentru a intra în cont, setează-ți parola folosind butonul de mai jos. Linkul este valabil ${SET_PASSWORD_DAYS} zile.`,
    ],
    action: { label: 'Setează parola', url },
  });
}
