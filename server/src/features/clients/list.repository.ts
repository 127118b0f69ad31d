import { sql } from 'kysely';
import { clientSearch } from '../../db/client-search.js';
import type { Executor } from '../../infra/db.js';
import { holdingLinked } from '../access/index.js';

/** The company's client list (the `clients` call): a page of its clients with their holding, and the total. */

export type ClientSort = 'name' | 'created_at' | 'last_upload';

export interface ClientListQuery {
  companyId: number;
  offset: number;
  limit: number;
  /** Already folded (lower case, no Romanian diacritics). */
  search: string;
  /** A holding id, 0 for clients outside any holding, undefined for all. */
  holdingId?: number;
  /** The archived clients instead of the live ones. */
  archived?: boolean;
  sort: ClientSort;
  direction: 'asc' | 'desc';
}

/** A listed client: its own fields and its holding while linked to the company. */
export interface ClientListRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  holding_id: number | null;
  holding_name: string | null;
  documents_count: number;
  last_upload_at: Date | null;
  created_at: Date;
  archived_at: Date | null;
}

function filtered(db: Executor, q: ClientListQuery) {
  let query = db
    .selectFrom('clients as c')
    .where('c.company_id', '=', q.companyId)
    .where('c.deleted_at', q.archived ? 'is not' : 'is', null);
  if (q.holdingId !== undefined) {
    const linked = holdingLinked('c');
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('c.holding_id', 'is', null), eb.not(linked)]))
        : query.where('c.holding_id', '=', q.holdingId).where(linked);
  }
  if (q.search) query = query.where(clientSearch('c', q.search));
  return query;
}

/** The list's order: the sort's key, then the id, both in the direction asked. */
function ordering(q: ClientListQuery) {
  const dir = q.direction === 'desc' ? sql`desc` : sql`asc`;
  const key =
    q.sort === 'name'
      ? sql`lower(c.name) ${dir}`
      : q.sort === 'created_at'
        ? sql`c.created_at ${dir}`
        : sql`c.last_upload_at ${dir} nulls last`;
  return sql`${key}, c.id ${dir}`;
}

/** One page of the company's clients matching the filter, and how many match. */
export async function listClients(db: Executor, q: ClientListQuery): Promise<{ rows: ClientListRow[]; total: number }> {
  // The page's ids first, read in the order of an index (company, sort key, id), then only those rows
  // joined to their holding: joined before the page is cut, every matching client would be.
  const page = filtered(db, q).select('c.id').orderBy(ordering(q)).offset(q.offset).limit(q.limit);
  const rows = await db
    .selectFrom(page.as('p'))
    .innerJoin('clients as c', 'c.id', 'p.id')
    // The holding only while it is linked to the company (and live).
    .leftJoin('holdings as h', (join) =>
      join.onRef('h.id', '=', 'c.holding_id').on('h.deleted_at', 'is', null).on(holdingLinked('c')),
    )
    .select([
      'c.id',
      'c.name',
      'c.cui',
      'c.email',
      'c.phone',
      'h.id as holding_id',
      'h.name as holding_name',
      'c.documents_count',
      'c.last_upload_at',
      'c.created_at',
      'c.deleted_at as archived_at',
    ])
    .orderBy(ordering(q))
    .execute();
  const { total } = await filtered(db, q)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}
