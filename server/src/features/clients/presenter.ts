import { toIso } from '../../lib/paging.js';
import type { ClientRecord } from './repository.js';

/**
 * Each door's answer for a client, both computed from the one loaded record (the front ends read
 * these shapes: the company's with its holding, the holding's with its company).
 */

/**
 * The company door's client (createClient, the view's `data`); the list's rows are written in this shape by
 * PostgreSQL (list.repository.ts).
 */
export function presentClient(row: ClientRecord) {
  return {
    id: row.id,
    name: row.name,
    cui: row.cui,
    email: row.email,
    phone: row.phone,
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
    id: row.id,
    name: row.name,
    cui: row.cui,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    company: { id: row.company_id, name: row.company_name },
    created_at: toIso(row.created_at) as string,
    updated_at: toIso(row.updated_at) as string,
  };
}
