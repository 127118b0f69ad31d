import { renderMail, unlinked } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { countOf } from '../../lib/plural.js';
import { dueDate, monthInSentence, monthName } from '../../lib/ro-calendar.js';
import type { OpenItemRow } from './repository.js';

/**
 * The reminder digest (docs/PRODUCT.md, "Reminders"): one e-mail per person, listing every open item of
 * every open month of one client, each month with its due date, and the client's upload link. The names
 * of the firm, the client and the items are the firm's words: shown as text, never as links.
 */

export interface DigestMonth {
  period: string;
  due_date: string;
  items: { name: string; status: 'missing' | 'rejected' }[];
}

/** The open months of one client from its open items (already in order), with their due dates. */
export function groupMonths(rows: OpenItemRow[], dueDay: number): DigestMonth[] {
  const months: DigestMonth[] = [];
  for (const row of rows) {
    let month = months[months.length - 1];
    if (!month || month.period !== row.period) {
      month = { period: row.period, due_date: dueDate(row.period, dueDay), items: [] };
      months.push(month);
    }
    month.items.push({ name: row.name, status: row.status });
  }
  return months;
}

const longDates = new Map<string, string>();

/** „7 decembrie 2026” for 2026-12-07 (remembered: a run writes the same few due dates thousands of times). */
export function longDate(day: string): string {
  let text = longDates.get(day);
  if (text === undefined) {
    text = `${Number(day.slice(8, 10))} ${monthInSentence(day.slice(0, 7))}`;
    if (longDates.size >= 1000) longDates.clear();
    longDates.set(day, text);
  }
  return text;
}

/** „3 documente lipsă și 1 document respins” (only the parts there are). */
export function openSummary(items: { status: 'missing' | 'rejected' }[]): string {
  const missing = items.filter((i) => i.status === 'missing').length;
  const rejected = items.length - missing;
  const parts: string[] = [];
  if (missing) parts.push(countOf(missing, 'document lipsă', 'documente lipsă'));
  if (rejected) parts.push(countOf(rejected, 'document respins', 'documente respinse'));
  return parts.join(' și ');
}

export interface Digest {
  firmName: string;
  clientName: string;
  months: DigestMonth[];
  today: string;
  uploadUrl: string;
}

/** The digest to each of `people` (the same client's): its body is composed once, only the greeting differs. */
export function renderDigests(people: { email: string; name: string | null }[], digest: Digest): MailMessage[] {
  if (people.length === 0) return [];
  const firm = unlinked(digest.firmName);
  const client = unlinked(digest.clientName);
  const all = digest.months.flatMap((m) => m.items);
  const monthParagraphs = digest.months.map((month) => {
    const late = month.due_date < digest.today;
    const due = `${late ? 'termenul a trecut pe' : 'termen'} ${longDate(month.due_date)}`;
    const lines = month.items.map(
      (item) => `• ${unlinked(item.name)} — ${item.status === 'missing' ? 'lipsă' : 'respins, trimite-l din nou'}`,
    );
    return [`${monthName(month.period)} (${due}): ${openSummary(month.items)}`, ...lines].join('\n');
  });
  const body = {
    subject: `${firm}: ${openSummary(all)} pentru ${client}`,
    paragraphs: [
      `${firm} așteaptă documentele de mai jos pentru ${client}.`,
      ...monthParagraphs,
      'Le poți încărca din linkul de mai jos, fără cont; linkul înlocuiește linkurile primite anterior. Ce ai încărcat deja și așteaptă verificarea nu mai apare aici.',
    ],
    action: { label: 'Încarcă documentele', url: digest.uploadUrl },
    footer: `${firm}, prin Dosar`,
  };
  return people.map((to) =>
    renderMail(to.email, { ...body, greeting: to.name ? `Bună ziua, ${unlinked(to.name)},` : 'Bună ziua,' }),
  );
}
