import { cuiDigits } from '../../db/client-search.js';
import { fold } from '../../lib/search-text.js';
import type { SearchTerms } from './repository.js';

/**
 * An amount as people type it: "1234,50", "1234.50", "1.234,50", "1 234,50", "1234" → "1234.50" (two
 * decimals, for numeric comparison); null when the search is not an amount. With both separators the
 * last one is the decimal mark; with one, it is the decimal mark when one or two digits follow it, and
 * a thousands mark when groups of three do ("1.234" is one thousand two hundred thirty-four lei).
 */
export function parseAmount(text: string): string | null {
  const s = text.replace(/\s+/g, '').replace(/(lei|ron)$/i, '');
  if (!/^[0-9][0-9.,]*$/.test(s) || s.length > 20) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let whole = s;
  let decimals = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = Math.max(lastDot, lastComma);
    whole = s.slice(0, mark);
    decimals = s.slice(mark + 1);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = Math.max(lastDot, lastComma);
    const after = s.slice(mark + 1);
    const separators = s.split(s[mark]).length - 1;
    if (separators === 1 && after.length >= 1 && after.length <= 2) {
      whole = s.slice(0, mark);
      decimals = after;
    }
  }
  // What remains of the whole part: digits, or thousands groups of three.
  if (!/^[0-9]{1,3}([.,][0-9]{3})*$|^[0-9]+$/.test(whole) || !/^[0-9]{0,2}$/.test(decimals)) return null;
  const digits = whole.replace(/[.,]/g, '');
  if (digits.length > 13) return null;
  return `${BigInt(digits).toString()}.${decimals.padEnd(2, '0')}`;
}

/** The most words a search asks for (the rest are left out). */
const MAX_WORDS = 8;

/** The words of a text as the index (dosar_words) cuts them: folded, split at anything but a–z and 0–9. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * What a search text looks for: every typed word as a whole word of the document, the last one as the
 * start of one when it holds a digit (an invoice number or a CUI being typed: `fct 0012` finds
 * FCT-00123456); a CUI's digits when it was written with „RO” or spaces; an amount. Only a number may
 * be unfinished: an index answers a word start by reading every document whose word has it, so "f:*"
 * would read all of them, while a whole word is found from the rarest one asked for. The tsquery is
 * made only of a–z, 0–9, `:*`, `&`, `|` and parentheses: nothing typed is read as its syntax.
 */
export function searchTerms(q: string): SearchTerms {
  const words = wordsOf(q);
  const last = words.length - 1;
  const all = words.map((w, i) => (i === last && /[0-9]/.test(w) ? `${w}:*` : w)).join(' & ');
  const digits = cuiDigits(fold(q.trim()));
  const query = digits && !(words.length === 1 && words[0] === digits) ? `(${all}) | ${digits}:*` : all;
  return { query: words.length ? query : null, amount: parseAmount(q.trim()) };
}
