import { renderMail, unlinked } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { countOf } from '../../lib/plural.js';
import { monthInSentence } from '../../lib/ro-calendar.js';

/** A client past its due date for a month, with items it still owes. */
export interface Overdue {
  client_id: number;
  client_name: string;
  period: string;
  due_date: string;
  open_items: number;
}

export interface DigestContent {
  /** One line per upload still awaiting review, by client. */
  uploads: { client_id: number; client_name: string }[];
  /** One line per "Am terminat" (a client and month pressed twice counts once). */
  done: { client_id: number; client_name: string; period: string | null }[];
  overdue: Overdue[];
}

export const isEmpty = (c: DigestContent): boolean => !c.uploads.length && !c.done.length && !c.overdue.length;

/** „5 decembrie 2026” for 2026-12-05. */
export function dateInWords(day: string): string {
  return `${Number(day.slice(8, 10))} ${monthInSentence(day.slice(0, 7))}`;
}

/** The clients in first-seen order with how many lines each has. */
function byClient<T extends { client_id: number; client_name: string }>(rows: T[]) {
  const clients = new Map<number, { name: string; rows: T[] }>();
  for (const row of rows) {
    const entry = clients.get(row.client_id) ?? { name: row.client_name, rows: [] };
    entry.rows.push(row);
    clients.set(row.client_id, entry);
  }
  return [...clients.values()];
}

function uniqueDone(done: DigestContent['done']) {
  const seen = new Set<string>();
  return done.filter((d) => {
    const key = `${d.client_id}:${d.period}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The subject names what there is, in numbers: „3 documente de verificat, 1 client întârziat”. */
function subjectOf(content: DigestContent, done: number): string {
  const parts: string[] = [];
  if (content.uploads.length) parts.push(`${countOf(content.uploads.length, 'document', 'documente')} de verificat`);
  if (done) parts.push(`${countOf(done, 'lună terminată', 'luni terminate')}`);
  const late = new Set(content.overdue.map((o) => o.client_id)).size;
  if (late) parts.push(countOf(late, 'client întârziat', 'clienți întârziați'));
  return `Rezumatul zilei: ${parts.join(', ')}`;
}

/**
 * The firm user's digest: what came in since the last one, who pressed "Am terminat", who is past the
 * due date with items still open. Client names are shown as text, never as links.
 */
export function digestMail(
  person: { name: string; email: string; company_name: string },
  content: DigestContent,
  url: string,
): MailMessage {
  const done = uniqueDone(content.done);
  const paragraphs: string[] = [];
  if (content.uploads.length) {
    const lines = byClient(content.uploads).map(
      (c) => `• „${unlinked(c.name)}”: ${countOf(c.rows.length, 'document', 'documente')}`,
    );
    paragraphs.push(`Documente noi care așteaptă verificarea:\n${lines.join('\n')}`);
  }
  if (done.length) {
    const lines = done.map((d) => `• „${unlinked(d.client_name)}”${d.period ? `: ${monthInSentence(d.period)}` : ''}`);
    paragraphs.push(`Au anunțat că au trimis tot („Am terminat”):\n${lines.join('\n')}`);
  }
  if (content.overdue.length) {
    const lines = content.overdue.map(
      (o) =>
        `• „${unlinked(o.client_name)}”: ${monthInSentence(o.period)}, termen ${dateInWords(o.due_date)}, ` +
        `${o.open_items === 1 ? 'mai lipsește 1 document' : `mai lipsesc ${countOf(o.open_items, 'document', 'documente')}`}`,
    );
    paragraphs.push(`Clienți cu termenul depășit:\n${lines.join('\n')}`);
  }
  paragraphs.push('Primești acest rezumat o dată pe zi. Îl poți opri sau muta la altă oră din Dosar, la Notificări.');
  return renderMail(person.email, {
    subject: subjectOf(content, done.length),
    greeting: `Bună ziua, ${unlinked(person.name)},`,
    paragraphs,
    action: { label: 'Deschide notificările', url },
    footer: unlinked(person.company_name),
  });
}
