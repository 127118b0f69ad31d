import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { effectiveSetQuery, inheritedSet, type CategoryRecord } from '../categories/index.js';
import { clientMediaPageQuery, clientPeriodsQuery, shownOf, type MediaListRow } from '../documents/index.js';
import type { Executor } from './repository.js';

/**
 * What the client view shows besides the client: the category set its side sees, its months and its
 * documents, in one statement (each part as a JSON array) instead of three queries on three connections.
 */
export interface ClientViewParts {
  categories: CategoryRecord[];
  inherited: boolean;
  periods: { period: string; count: number }[];
  documents: { rows: MediaListRow[]; truncated: boolean };
}

export async function clientViewParts(
  db: Executor,
  client: { companyId: number; clientId: number; holdingId: number | null },
  filter: { period: string | null; categoryId: number | null },
): Promise<ClientViewParts> {
  const ids = { companyId: client.companyId, clientId: client.clientId };
  const row = await db
    .selectNoFrom([
      jsonArrayFrom(effectiveSetQuery(db, client.companyId, client.holdingId)).as('categories'),
      jsonArrayFrom(clientPeriodsQuery(db, ids)).as('periods'),
      jsonArrayFrom(clientMediaPageQuery(db, { ...ids, ...filter })).as('documents'),
    ])
    .executeTakeFirstOrThrow();
  // JSON has no dates: a document's time arrives as text.
  const documents = row.documents.map((d) => ({ ...d, created_at: new Date(d.created_at) }));
  return {
    categories: row.categories,
    inherited: inheritedSet(client.holdingId, row.categories),
    periods: row.periods.map((p) => ({ period: p.period as string, count: Number(p.count) })),
    documents: shownOf(documents),
  };
}
