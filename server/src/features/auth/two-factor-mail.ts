import { renderMail } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { countOf, waitFor } from '../../lib/plural.js';

/**
 * What the account's owner is told about its second factor: every change to it, every recovery code
 * used to sign in, and a run of wrong codes. Someone who has the password and a session can make these
 * changes; the mailbox is how the owner finds out and takes the account back.
 */

const NOT_YOU =
  'Dacă nu ai fost tu, cineva îți cunoaște parola: alege imediat o parolă nouă cu „Ai uitat parola?” de pe pagina de autentificare, apoi verifică din Profil sesiunile active și autentificarea în doi pași.';

export type TwoFactorChange = 'enabled' | 'moved' | 'disabled' | 'recovery_codes';

const CHANGES: Record<TwoFactorChange, { subject: string; text: string }> = {
  enabled: {
    subject: 'Autentificarea în doi pași a fost activată',
    text: 'Autentificarea în doi pași a fost activată pentru contul tău Dosar: la autentificare îți cerem și codul din aplicație. Celelalte sesiuni deschise doar cu parola au fost închise.',
  },
  moved: {
    subject: 'Autentificarea în doi pași a fost mutată pe altă aplicație',
    text: 'Codurile pentru contul tău Dosar vin acum dintr-o altă aplicație de autentificare; aplicația de până acum și codurile de rezervă vechi nu mai funcționează.',
  },
  disabled: {
    subject: 'Autentificarea în doi pași a fost dezactivată',
    text: 'Autentificarea în doi pași a fost dezactivată pentru contul tău Dosar: contul este protejat acum doar de parolă.',
  },
  recovery_codes: {
    subject: 'Coduri de rezervă noi pentru contul tău Dosar',
    text: 'Au fost generate coduri de rezervă noi pentru contul tău Dosar; cele vechi nu mai funcționează.',
  },
};

const origin = (ip: string): string => `Cererea a venit de la adresa IP ${ip}.`;

/** A change of the account's second factor, made from a signed-in session. */
export function twoFactorChangedMail(email: string, change: TwoFactorChange, ip: string): MailMessage {
  const { subject, text } = CHANGES[change];
  return renderMail(email, { subject, paragraphs: [text, origin(ip), NOT_YOU] });
}

/** A recovery code signed someone in; how many unused ones are left. */
export function recoveryCodeUsedMail(email: string, ip: string, left: number): MailMessage {
  const remaining =
    left === 0
      ? 'Nu mai ai niciun cod de rezervă nefolosit: generează coduri noi din Profil.'
      : `Îți mai rămân ${countOf(left, 'cod de rezervă nefolosit', 'coduri de rezervă nefolosite')}.`;
  return renderMail(email, {
    subject: 'Un cod de rezervă a fost folosit în contul tău Dosar',
    paragraphs: [
      `Cineva s-a autentificat în contul tău Dosar cu un cod de rezervă, de la adresa IP ${ip}.`,
      remaining,
      NOT_YOU,
    ],
  });
}

/** Wrong codes reached the account's limit: the second step waits. */
export function wrongCodesMail(email: string, wrongCodes: number, ip: string, retryAfter: number): MailMessage {
  return renderMail(email, {
    subject: 'Prea multe coduri greșite la contul tău Dosar',
    paragraphs: [
      `La contul tău Dosar s-au introdus ${countOf(wrongCodes, 'cod greșit', 'coduri greșite')} de verificare, după parola corectă. Ultima încercare a venit de la adresa IP ${ip}.`,
      `Pentru siguranță, codurile nu mai sunt verificate timp de ${waitFor(retryAfter)}.`,
      NOT_YOU,
    ],
  });
}
