import { toIso } from '../../lib/paging.js';
import type { HoldingClientRow } from './monthly.repository.js';
import type { ClientRecord } from './repository.js';

/**
 * Each door's answer for a client (the front ends read these shapes: the company's with its holding, the
 * holding's with its company).
 */

/** What the company door shows of a client: a listed one, or one loaded whole (ClientRecord). */
export type ClientSummaryRow = Pick<
  ClientRecord,
  | 'id'
  | 'name'
  | 'cui'
  | 'email'
  | 'phone'
  | 'holding_id'
  | 'holding_name'
  | 'documents_count'
  | 'last_upload_at'
  | 'created_at'
  | 'archived_at'
>;

/** What every door's client answer starts with: who the client is and how to reach it. */
const identityOf = (row: Pick<ClientSummaryRow, 'id' | 'name' | 'cui' | 'email' | 'phone'>) => ({
  id: row.id,
  name: row.name,
  cui: row.cui,
  email: row.email,
  phone: row.phone,
});

/** The company door's client (the list's rows, createClient, the view's `data`). */
export function presentClient(row: ClientSummaryRow) {
  return {
    ...identityOf(row),
    holding:
      row.holding_id !== null && row.holding_name !== null ? { id: row.holding_id, name: row.holding_name } : null,
    documents_count: row.documents_count,
    last_upload_at: toIso(row.last_upload_at),
    created_at: toIso(row.created_at) as string,
    // Only an archived client (the list with `archived: true`) carries it.
    ...(row.archived_at ? { archived_at: toIso(row.archived_at) } : {}),
  };
}

/** The holding door's client (clients/store, clients/{id}, update). */
export function presentHoldingClient(row: ClientRecord) {
  return {
    ...identityOf(row),
    notes: row.notes,
    company: { id: row.company_id, name: row.company_name },
    created_at: toIso(row.created_at) as string,
    updated_at: toIso(row.updated_at) as string,
  };
}

/** A client of the holding's list, with its documents in each month shown (`counts`: `${id}:${period}`). */
export function presentIndexClient(row: HoldingClientRow, periods: string[], counts: Map<string, number>) {
  return {
    ...identityOf(row),
    company: { id: row.company_id, name: row.company_name },
    documents_count: row.documents_count,
    new_count: row.new_count,
    last_upload_at: toIso(row.last_upload_at),
    months: periods.map((period) => ({ period, count: counts.get(`${row.id}:${period}`) ?? 0 })),
  };
}
