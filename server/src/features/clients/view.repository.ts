import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled.js';
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

/**
 * The three parts as one statement, built once per shape (compiled.ts): whether the client is in a
 * holding and which filters are set decide its text, so the builders below see a value only where the
 * shape says there is one.
 */
const viewParts = compiledOnce(
  (
    db,
    p: {
      companyId: number;
      clientId: number;
      holdingId: number | null;
      period: string | null;
      categoryId: number | null;
    },
    shape: `${'own' | 'holding'}|${'all' | 'month'}|${'all' | 'category'}`,
  ) => {
    const [set, month, category] = shape.split('|');
    const ids = { companyId: p.companyId, clientId: p.clientId };
    const filter = {
      period: month === 'month' ? p.period : null,
      categoryId: category === 'category' ? p.categoryId : null,
    };
    return db.selectNoFrom([
      jsonArrayFrom(effectiveSetQuery(db, p.companyId, set === 'holding' ? p.holdingId : null)).as('categories'),
      jsonArrayFrom(clientPeriodsQuery(db, ids)).as('periods'),
      jsonArrayFrom(clientMediaPageQuery(db, { ...ids, ...filter })).as('documents'),
    ]);
  },
);

export async function clientViewParts(
  db: Executor,
  client: { companyId: number; clientId: number; holdingId: number | null },
  filter: { period: string | null; categoryId: number | null },
): Promise<ClientViewParts> {
  const [row] = await viewParts(
    db,
    { ...client, ...filter },
    `${client.holdingId === null ? 'own' : 'holding'}|${filter.period ? 'month' : 'all'}|${filter.categoryId ? 'category' : 'all'}`,
  );
  // JSON has no dates: a document's time arrives as text.
  const documents = row.documents.map((d) => ({ ...d, created_at: new Date(d.created_at) }));
  return {
    categories: row.categories,
    inherited: inheritedSet(client.holdingId, row.categories),
    periods: row.periods.map((p) => ({ period: p.period as string, count: Number(p.count) })),
    documents: shownOf(documents),
  };
}
