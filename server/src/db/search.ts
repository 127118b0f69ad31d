import { sql } from 'kysely';

/**
 * `dosar_fold(column) like pattern` (pattern already folded, e.g. `likePattern(fold(term))` from
 * lib/search-text.ts). Exactly the expression of the trigram indexes on other tables' names (users,
 * holdings, companies), so the planner can use them; a client's name has its folded column (below).
 */
export const foldedLike = (column: string, pattern: string) =>
  sql<boolean>`dosar_fold(${sql.ref(column)}) like ${pattern}`;

/**
 * A client's name contains the folded `pattern`: through the stored folded name (clients.name_folded,
 * dosar_fold of the name), which clients_name_trgm indexes, of the clients named `alias`.
 */
export const clientNameLike = (alias: string, pattern: string) =>
  sql<boolean>`${sql.ref(`${alias}.name_folded`)} like ${pattern}`;
