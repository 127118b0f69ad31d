import { sql } from 'kysely';

/**
 * `dosar_fold(column) like pattern` (pattern already folded, e.g. `likePattern(fold(term))` from
 * lib/search-text.ts). Exactly the expression of the trigram indexes (clients_name_trgm), so the
 * planner can use them.
 */
export const foldedLike = (column: string, pattern: string) =>
  sql<boolean>`dosar_fold(${sql.ref(column)}) like ${pattern}`;
