import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface MailContent {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** Romanian HTML + plain-text e-mail from one description; every value is escaped. */
export function renderMail(to: string, content: MailContent): MailMessage {
  const greeting = content.greeting ?? 'Bună ziua,';
  const footer = content.footer ?? 'Echipa Dosar';
  const textParts = [greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  textParts.push('--', footer);
  const html = `<!doctype html><html lang="ro"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Dacă butonul nu funcționează, copiază adresa: ${escapeHtml(content.action.url)}</p>`
    : ''
}
<p style="color:#6b7280">— ${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject: content.subject, text: textParts.join('\n'), html };
}

/**
 * Text a caller chose (a person's name, a note, a file name) as a mail shows it: never a link. renderMail
 * escapes it, so it is no markup; but mail clients turn whatever looks like a URL or an address into a link
 * of their own, in the HTML and the text part alike. So its `://`, its `@` and every dot that joins two
 * parts of a name (`evil.example`, not `S.R.L.`) are bracketed: `http[:]//evil[.]example`, `a[@]evil[.]ro`;
 * look-alikes (fullwidth, ideographic) too.
 */
export function unlinked(text: string): string {
  return text
    .replace(/[:\uFF1A\uFE55](?=\s*[/\\\uFF0F]{2})/gu, '[:]')
    .replace(/[@\uFF20\uFE6B]/gu, '[@]')
    .replace(/[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}_-]{2})/gu, '[.]');
}

/** File extensions that are no top-level domain: `factura.pdf` stays as it is, only its stem goes through unlinked(). */
const PLAIN_EXTENSION = /^(.*)\.(pdf|jpe?g|png|gif|webp|heic|tiff?|xml|docx?|xlsx?|ods|odt|csv|txt)$/is;

/** A file name a caller chose, as a mail shows it: unlinked(), keeping a document extension readable. */
export function unlinkedFileName(name: string): string {
  const match = PLAIN_EXTENSION.exec(name);
  return match ? `${unlinked(match[1])}.${match[2]}` : unlinked(name);
}
