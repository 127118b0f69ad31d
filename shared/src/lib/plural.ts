const rules = new Intl.PluralRules('ro');

/**
 * A count with its noun in Romanian, by Intl.PluralRules('ro'): "1 document", "3 documente",
 * "20 de documente", "101 documente" (the "few" form takes no "de", "other" does).
 */
export function countOf(n: number, one: string, many: string): string {
  const form = rules.select(n);
  if (form === 'one') return `${n} ${one}`;
  return form === 'few' ? `${n} ${many}` : `${n} de ${many}`;
}
