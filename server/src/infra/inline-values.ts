import pg from 'pg';

/** pg's own conversion of a parameter to the text it sends (dates, arrays, booleans…); not in its types. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } }).utils;

/**
 * `text` with its parameters ($1, $2…) written in as literals: each value converted as pg converts a
 * parameter (prepareValue), then quoted by pg's escapeLiteral. Sent without parameters (the simple
 * protocol), such a statement is planned for its values on every call, whatever plan_cache_mode says.
 * A quoted literal keeps an unknown type until its place in the statement gives it one, as a parameter
 * does, so the statement means what it meant with parameters. `$n` inside quotes or comments is left
 * alone; dollar quoting is refused (no statement of ours uses it).
 */
export function inlineValues(text: string, values: readonly unknown[]): string {
  const literal = (index: number): string => {
    if (index < 1 || index > values.length) throw new Error(`parametrul $${index} lipsește`);
    const value = prepareValue(values[index - 1]);
    if (value === null) return 'null';
    if (typeof value !== 'string') throw new Error(`parametrul $${index} nu poate fi scris ca text`);
    return pg.escapeLiteral(value);
  };
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const skipTo = (end: string, from: number) => {
      const at = text.indexOf(end, from);
      return at === -1 ? text.length : at + end.length;
    };
    let next = i + 1;
    if (c === "'" || c === '"') {
      // A doubled quote inside is part of the literal: the scan ends at the first quote not doubled.
      next = i + 1;
      for (;;) {
        next = skipTo(c, next);
        if (text[next] !== c) break;
        next += 1;
      }
    } else if (c === '-' && text[i + 1] === '-') next = skipTo('\n', i);
    else if (c === '/' && text[i + 1] === '*') next = skipTo('*/', i + 2);
    else if (c === '$') {
      const digits = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!digits) throw new Error('ghilimelele dolar nu sunt acceptate');
      out += literal(Number(digits[1]));
      i += digits[0].length;
      continue;
    }
    out += text.slice(i, next);
    i = next;
  }
  return out;
}
