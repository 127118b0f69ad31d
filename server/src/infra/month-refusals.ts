import { monthName } from '../lib/ro-calendar.js';

/**
 * The texts of the month's refusals that name what blocks them (errors.ts: periodNotWhole, a close of a
 * month that is not whole; documentsPending, „Nu se aplică” on an item whose documents await review).
 */

/** What keeps a month from closing: its items not yet accepted or not applicable, its documents awaiting review. */
export interface MonthBlockers {
  items: { id: number; name: string; details: string | null; status: 'missing' | 'uploaded' | 'rejected' }[];
  documents: { id: number; name: string; item: { id: number; name: string } | null }[];
}

/** How many names a message spells out before „și încă N”. */
const NAMES_SPELLED = 5;

/** „„a.pdf”, „b.pdf” și încă 3”: each name quoted, `suffix` after it. */
function quotedList<T>(entries: T[], name: (entry: T) => string, suffix: (entry: T) => string = () => ''): string {
  const shown = entries.slice(0, NAMES_SPELLED).map((entry) => `„${name(entry)}”${suffix(entry)}`);
  const more = entries.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` și încă ${more}` : ''}`;
}

const ITEM_STATE = { missing: 'lipsă', uploaded: 'de verificat', rejected: 'respins' } as const;

/** „Luna … nu poate fi închisă încă. Nu sunt gata: „Facturi emise” (lipsă), … Așteaptă verificarea: „a.pdf”.” */
export function notWholeText(period: string, { items, documents }: MonthBlockers): string {
  const parts = [`Luna ${monthName(period)} nu poate fi închisă încă.`];
  if (items.length) {
    const named = quotedList(
      items,
      (item) => (item.details ? `${item.name} (${item.details})` : item.name),
      (item) => ` (${ITEM_STATE[item.status]})`,
    );
    parts.push(`${items.length === 1 ? 'Nu este gata' : 'Nu sunt gata'}: ${named}.`);
  }
  if (documents.length) parts.push(`Așteaptă verificarea: ${quotedList(documents, (d) => d.name)}.`);
  return parts.join(' ');
}

/** „„Facturi primite” are un document care așteaptă verificarea: „x.pdf”. Alege ce se întâmplă cu el: …” */
export function pendingText(itemName: string, documents: { name: string }[]): string {
  const one = documents.length === 1;
  return (
    `„${itemName}” are ${one ? 'un document care așteaptă' : `${documents.length} documente care așteaptă`} ` +
    `verificarea: ${quotedList(documents, (d) => d.name)}. Alege ce se întâmplă cu ${one ? 'el' : 'ele'}: ` +
    `${one ? 'îl respingi' : 'le respingi'} cu un motiv sau ${one ? 'îl păstrezi ca document' : 'le păstrezi ca documente'} în plus, în afara listei.`
  );
}
