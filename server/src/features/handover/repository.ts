import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';

/** A client's month as the proces-verbal states it. */
export interface HandoverFacts {
  firm: { name: string; cui: string | null };
  client: { name: string; cui: string | null };
  closed_at: Date | null;
}

export interface HandoverDocument {
  id: number;
  original_name: string;
  /** The requirement it was handed over for; null for a document outside the checklist. */
  requirement_name: string | null;
  category_name: string | null;
  uploader_name: string | null;
  created_at: Date;
  sha256: string;
}

export interface NotApplicableItem {
  name: string;
  details: string | null;
  note: string | null;
}

/** The firm and client names and CUIs and whether the month is closed (client already scoped by the door). */
export async function handoverFacts(
  db: Executor,
  ids: { companyId: number; clientId: number },
  period: string,
): Promise<HandoverFacts | undefined> {
  const row = await db
    .selectFrom('clients as cl')
    .innerJoin('companies as co', 'co.id', 'cl.company_id')
    .leftJoin('client_periods as p', (join) => join.onRef('p.client_id', '=', 'cl.id').on('p.period', '=', period))
    .select([
      'co.name as firm_name',
      'co.cui as firm_cui',
      'cl.name as client_name',
      'cl.cui as client_cui',
      'p.closed_at',
    ])
    .where('cl.id', '=', ids.clientId)
    .where('cl.company_id', '=', ids.companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    firm: { name: row.firm_name, cui: row.firm_cui },
    client: { name: row.client_name, cui: row.client_cui },
    closed_at: row.closed_at ?? null,
  };
}

/**
 * Every live document of the client's month the firm did not reject (a rejected one was not received as
 * asked: the client was told why and sent another), by category order, then name, each with the
 * requirement it answers. A document answering no requirement, or one the firm marked not applicable in
 * the month, was handed over outside the checklist (requirement_name null): the proces-verbal never says a
 * requirement was both delivered and not applicable.
 */
export async function handoverDocuments(
  db: Executor,
  ids: { companyId: number; clientId: number },
  period: string,
): Promise<HandoverDocument[]> {
  return db
    .selectFrom('media as m')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'm.category_id').onRef('c.company_id', '=', 'm.company_id'),
    )
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .leftJoin('requirements as r', (join) =>
      join.onRef('r.id', '=', 'm.requirement_id').onRef('r.company_id', '=', 'm.company_id'),
    )
    .leftJoin('checklist_items as i', (join) =>
      join.onRef('i.requirement_id', '=', 'm.requirement_id').onRef('i.period', '=', 'm.period'),
    )
    .select([
      'm.id',
      'm.original_name',
      sql<string | null>`case when i.not_applicable_at is null then r.name end`.as('requirement_name'),
      'c.name as category_name',
      'u.name as uploader_name',
      'm.created_at',
      'm.sha256',
    ])
    .where('m.company_id', '=', ids.companyId)
    .where('m.client_id', '=', ids.clientId)
    .where('m.period', '=', period)
    .where('m.deleted_at', 'is', null)
    .where('m.review_status', '!=', 'rejected')
    .orderBy('c.position', 'asc')
    .orderBy('c.name')
    .orderBy('m.original_name')
    .orderBy('m.id')
    .execute();
}

/** The month's items the firm marked not applicable, with the note it wrote. */
export async function notApplicableItems(
  db: Executor,
  ids: { companyId: number; clientId: number },
  period: string,
): Promise<NotApplicableItem[]> {
  return db
    .selectFrom('checklist_items as i')
    .innerJoin('requirements as r', 'r.id', 'i.requirement_id')
    .select(['r.name', 'r.details', 'i.not_applicable_note as note'])
    .where('i.company_id', '=', ids.companyId)
    .where('i.client_id', '=', ids.clientId)
    .where('i.period', '=', period)
    .where('i.not_applicable_at', 'is not', null)
    .orderBy('r.position')
    .orderBy('r.id')
    .execute();
}
