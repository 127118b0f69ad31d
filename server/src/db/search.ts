import { sql } from 'kysely';

/**
 * `dosar_fold(column) like pattern` (pattern already folded, e.g. `likePattern(fold(term))` from
 * lib/search-text.ts): the expression of the trigram indexes on other tables' names (users, holdings,
 * companies). A client's name has its own folded column (client-search.ts).
 */
export const foldedLike = (column: string, pattern: string) =>
  sql<boolean>`dosar_fold(${sql.ref(column)}) like ${pattern}`;
