import { sql } from 'kysely';
import { clientSearch } from '../../db/client-search.js';
import { fold } from '../../lib/search-text.js';
import type { Executor } from '../../infra/db.js';
import { clientVisibleTo } from '../access/index.js';

/**
 * The holding's client list (the `index` call): its clients at its linked, live companies, each with
 * its documents per month and those new since the user's previous visit.
 */

export type Direction = 'asc' | 'desc';

export type ClientSort = 'name' | 'created_at' | 'documents_count' | 'last_upload_at' | 'new_count';

export interface HoldingClientQuery {
  page: number;
  perPage: number;
  search?: string;
  direction: Direction;
  sort: ClientSort;
  companyId?: number;
  /** The user's previous visit: documents created after it are new (all of them without one). */
  since: Date | null;
}

/** A listed client of the holding, with its company and its documents new since the previous visit. */
export interface HoldingClientRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  company_id: number;
  company_name: string;
  documents_count: number;
  new_count: number;
  last_upload_at: Date | null;
}

/** The holding's caller: its id, and the firm that invited it (they see only that firm's clients). */
export type HoldingCaller = { id: number; firm: number | null };

/** Clients visible to the holding's caller (the access feature's rule). */
function scopedClients(db: Executor, holding: HoldingCaller, q: HoldingClientQuery) {
  let query = db
    .selectFrom('clients as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .where(clientVisibleTo({ kind: 'holding', ...holding }, 'c'));
  if (q.companyId) query = query.where('c.company_id', '=', q.companyId);
  if (q.search) query = query.where(clientSearch('c', fold(q.search)));
  return query;
}

export async function previousSeenAt(db: Executor, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('previous_seen_at').where('id', '=', userId).executeTakeFirst();
  return row?.previous_seen_at ?? null;
}

/** A page of the holding's clients in the order asked, and how many match. */
export async function listHoldingClients(
  db: Executor,
  holding: HoldingCaller,
  q: HoldingClientQuery,
): Promise<{ rows: HoldingClientRow[]; total: number }> {
  const dir = q.direction === 'desc' ? sql`desc` : sql`asc`;
  // documents_count is kept on the client by the media trigger (migration 020); with no previous visit
  // every document is new.
  const newCount = q.since
    ? sql<number>`(select count(*)::int from media m where m.client_id = c.id and m.deleted_at is null and m.created_at > ${q.since})`
    : sql<number>`c.documents_count`;
  const keys: Record<ClientSort, ReturnType<typeof sql>> = {
    name: sql`lower(c.name) ${dir}`,
    created_at: sql`c.created_at ${dir}`,
    documents_count: sql`c.documents_count ${dir}`,
    last_upload_at: sql`c.last_upload_at ${dir} nulls last`,
    new_count: sql`${newCount} ${dir}`,
  };
  const rows = await scopedClients(db, holding, q)
    .select([
      'c.id',
      'c.name',
      'c.cui',
      'c.email',
      'c.phone',
      'c.company_id',
      'co.name as company_name',
      'c.documents_count',
      newCount.as('new_count'),
      'c.last_upload_at',
    ])
    .orderBy(sql`${keys[q.sort]}, c.id ${dir}`)
    .offset((q.page - 1) * q.perPage)
    .limit(q.perPage)
    .execute();
  const { total } = await scopedClients(db, holding, q)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}

/** The live documents of the clients `ids` in each of `periods`, by client and month. */
export async function countDocumentsByMonth(
  db: Executor,
  ids: number[],
  periods: string[],
): Promise<{ client_id: number; period: string; count: number }[]> {
  if (ids.length === 0 || periods.length === 0) return [];
  return db
    .selectFrom('media')
    .select([
      sql<number>`client_id`.as('client_id'),
      sql<string>`period::text`.as('period'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('client_id', 'in', ids)
    .where('period', 'in', periods)
    .where('deleted_at', 'is', null)
    .groupBy(['client_id', 'period'])
    .execute();
}
