import { sql, type RawBuilder } from 'kysely';
import { likePattern } from '../lib/search-text.js';

/** The digits of a search that may be a CUI (`RO 123…`, at least two digits), or null. */
export function cuiDigits(folded: string): string | null {
  const digits = folded.replace(/^ro/, '').replace(/\s+/g, '');
  return /^[0-9]{2,}$/.test(digits) ? digits : null;
}

/**
 * The clients named `alias` a search finds, one rule wherever clients are searched (the company's client
 * list, the month's grid, the holding's client list): the folded term is in the folded name
 * (clients.name_folded), or its digits (`RO` and spaces dropped) are in the CUI. Both columns have a
 * trigram index the planner may choose.
 */
export function clientSearch(alias: string, folded: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const name = sql<boolean>`${column('name_folded')} like ${likePattern(folded)}`;
  const digits = cuiDigits(folded);
  return digits ? sql<boolean>`(${name} or ${column('cui')} like ${likePattern(digits)})` : name;
}
