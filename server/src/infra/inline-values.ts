import pg from 'pg';

/** pg's own conversion of a parameter to the text it sends (dates, arrays, booleans…); not in its types. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } }).utils;

/**
 * What the scan meets, leftmost first: a quoted literal or name (a doubled quote inside belongs to it), a
 * comment (kept as they are), `$n` (replaced) or any other `$` (dollar quoting: refused).
 */
const SKIPPED_OR_PARAMETER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)|\$/g;

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
  return text.replace(SKIPPED_OR_PARAMETER, (match: string, index: string | undefined) => {
    if (index !== undefined) return literal(Number(index));
    if (match === '$') throw new Error('ghilimelele dolar nu sunt acceptate');
    return match;
  });
}
