import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled.js';
import { effectiveSetQuery, inheritedSet, type CategoryRecord } from '../categories/index.js';
import { clientMediaPageQuery, clientPeriodsQuery, shownOf, type MediaListRow } from '../documents/index.js';
import { clientRecordOf, clientRowQuery, type ClientRecord, type ClientScope, type Executor } from './repository.js';

/**
 * The client view's read: the client as the scope sees it, the category set its side sees, its months and
 * its documents, in one statement (the parts as JSON arrays, read only when the client is found) instead
 * of a client lookup and then a second round trip for the parts.
 */
export interface ClientView {
  client: ClientRecord;
  categories: CategoryRecord[];
  inherited: boolean;
  periods: { period: string; count: number }[];
  documents: { rows: MediaListRow[]; truncated: boolean };
}

/**
 * The statement, built once per shape (compiled.ts): the door and which filters are set decide its text,
 * so the builders below see a value only where the shape says there is one. The parts answer for the
 * client's own company and holding, read in `k`: a holding that is gone or unlinked reads as none, and the
 * company's default set applies.
 */
const viewRead = compiledOnce(
  (
    db,
    p: { clientId: number; scopeId: number; period: string | null; categoryId: number | null },
    shape: `${ClientScope['kind']}|${'all' | 'month'}|${'all' | 'category'}`,
  ) => {
    const [door, month, category] = shape.split('|');
    const companyId = sql.ref<number>('k.company_id');
    const ids = { companyId, clientId: p.clientId };
    const filter = {
      period: month === 'month' ? p.period : null,
      categoryId: category === 'category' ? p.categoryId : null,
    };
    return db
      .with('k', () => clientRowQuery(db, p, door as ClientScope['kind']))
      .selectFrom('k')
      .selectAll('k')
      .select([
        jsonArrayFrom(effectiveSetQuery(db, companyId, sql.ref<number | null>('k.holding_id'))).as('categories'),
        jsonArrayFrom(clientPeriodsQuery(db, ids)).as('periods'),
        jsonArrayFrom(clientMediaPageQuery(db, { ...ids, ...filter })).as('documents'),
      ]);
  },
);

/** The client view's read for the scope, or undefined: no such live client in its reach. */
export async function readClientView(
  db: Executor,
  scope: ClientScope,
  clientId: number,
  filter: { period: string | null; categoryId: number | null },
): Promise<ClientView | undefined> {
  const [row] = await viewRead(
    db,
    { clientId, scopeId: scope.id, ...filter },
    `${scope.kind}|${filter.period ? 'month' : 'all'}|${filter.categoryId ? 'category' : 'all'}`,
  );
  if (!row) return undefined;
  const { categories, periods, documents, ...client } = row;
  return {
    client: clientRecordOf(client),
    categories,
    inherited: inheritedSet(client.holding_id, categories),
    periods: periods.map((p) => ({ period: p.period as string, count: Number(p.count) })),
    // JSON has no dates: a document's time arrives as text.
    documents: shownOf(documents.map((d) => ({ ...d, created_at: new Date(d.created_at) }))),
  };
}
