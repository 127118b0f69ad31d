import type { Executor } from '../../infra/db.js';
import { effectiveSetQuery, inheritedSet, type CategoryRecord } from '../categories/index.js';
import { clientMediaPageQuery, clientPeriodsQuery, shownOf, type MediaListRow } from '../documents/index.js';
import { findClient, type ClientRecord, type ClientScope } from './repository.js';

/** The client view's read: the client as the scope sees it, the category set its side sees, its months and documents. */
export interface ClientView {
  client: ClientRecord;
  categories: CategoryRecord[];
  inherited: boolean;
  periods: { period: string; count: number }[];
  documents: { rows: MediaListRow[]; truncated: boolean };
}

/**
 * The client view's read for the scope, or undefined: no such live client in its reach. The parts answer
 * for the client's own company and holding: a holding that is gone or unlinked reads as none, and the
 * company's default set applies.
 */
export async function readClientView(
  db: Executor,
  scope: ClientScope,
  clientId: number,
  filter: { period: string | null; categoryId: number | null },
): Promise<ClientView | undefined> {
  const client = await findClient(db, scope, clientId);
  if (!client) return undefined;
  const ids = { companyId: client.company_id, clientId };
  const categories = await effectiveSetQuery(db, client.company_id, client.holding_id).execute();
  const periods = await clientPeriodsQuery(db, ids).execute();
  const documents = await clientMediaPageQuery(db, { ...ids, ...filter }).execute();
  return {
    client,
    categories,
    inherited: inheritedSet(client.holding_id, categories),
    periods: periods.map((p) => ({ period: p.period as string, count: p.count })),
    documents: shownOf(documents),
  };
}
