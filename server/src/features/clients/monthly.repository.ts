import { type Expression, sql } from 'kysely';
import { clientSearch, clientSearchPlan, keepClientSampleFresh } from '../../db/client-search.js';
import { fold } from '../../lib/search-text.js';
import type { Executor } from './repository.js';

/**
 * The holding's client list (the `index` call): its clients at its linked, live companies, each with
 * its documents per month and those new since the user's previous visit.
 */

export type Direction = 'asc' | 'desc';

export interface Page {
  page: number;
  perPage: number;
  search?: string;
  direction: Direction;
}

const dir = (direction: Direction) => sql.raw(direction === 'desc' ? 'desc' : 'asc');

/** Clients visible to the holding: its own, of a linked, live, active (not suspended) company, not deleted. */
function scopedClients(db: Executor, holdingId: number) {
  return db
    .selectFrom('clients as c')
    .innerJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'c.company_id').on('ch.holding_id', '=', holdingId),
    )
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .where('c.holding_id', '=', holdingId)
    .where('c.deleted_at', 'is', null)
    .where('co.deleted_at', 'is', null)
    .where('co.status', '=', 'active');
}

export async function previousSeenAt(db: Executor, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('previous_seen_at').where('id', '=', userId).executeTakeFirst();
  return row?.previous_seen_at ?? null;
}

export type ClientSort = 'name' | 'created_at' | 'documents_count' | 'last_upload_at' | 'new_count';

export interface ClientListRow {
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
  /** Documents per month of the periods asked for (a month without any is left out). */
  months: Record<string, number>;
}

/**
 * A page of the holding's clients and the total, with each client's documents per month of `periods`:
 * one statement without a search (the counters' sum and the months ride along with the page).
 */
export async function listHoldingClients(
  db: Executor,
  holdingId: number,
  options: Page & { sort: ClientSort; companyId?: number; since: Date | null; periods: string[] },
): Promise<{ rows: ClientListRow[]; total: number }> {
  let query = scopedClients(db, holdingId);
  if (options.companyId) query = query.where('c.company_id', '=', options.companyId);
  // By name or CUI as the company's client list searches (db/client-search.ts).
  const folded = options.search ? fold(options.search) : '';
  if (folded) query = query.where(clientSearch('c', folded, clientSearchPlan(db, folded)));
  const searchTotal = folded
    ? (await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()).total
    : null;

  // documents_count and last_upload_at are kept on the client by the media trigger (migration 020).
  // new_count: with no previous visit every document is new; otherwise counted per row of the page
  // (media_client_live: client_id, created_at), or — to sort by it — from the documents created since
  // (media_created_live), never by aggregating every document of the holding.
  const since = options.since;
  const sortByNew = options.sort === 'new_count' && since !== null;
  const newCount = !since
    ? sql<number>`c.documents_count`
    : sortByNew
      ? sql<number>`coalesce(s.new_count, 0)`
      : sql<number>`(select count(*)::int from media m where m.client_id = c.id and m.deleted_at is null and m.created_at > ${since})`;
  const direction = dir(options.direction);
  // Columns that are never null sort without "nulls last", so an index (clients_holding_name) can serve the order.
  const order: Record<ClientSort, Expression<unknown>> = {
    name: sql`lower(c.name) ${direction}`,
    created_at: sql`c.created_at ${direction}`,
    documents_count: sql`c.documents_count ${direction}`,
    last_upload_at: sql`c.last_upload_at ${direction} nulls last`,
    new_count: sql`${newCount} ${direction}`,
  };
  let listed = query;
  if (sortByNew) {
    const fresh = db
      .selectFrom('media as m')
      .innerJoin('clients as mc', 'mc.id', 'm.client_id')
      .where('mc.holding_id', '=', holdingId)
      .where('m.deleted_at', 'is', null)
      .where('m.client_id', 'is not', null)
      .where('m.created_at', '>', since)
      .select(['m.client_id', sql<number>`count(*)::int`.as('new_count')])
      .groupBy('m.client_id')
      .as('s');
    listed = listed.leftJoin(fresh, 's.client_id', 'c.id') as typeof listed;
  }
  const rows = await listed
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
      monthsOf(options.periods).as('months'),
    ])
    .$if(searchTotal === null, (qb) => qb.select(scopedCount(db, holdingId, options.companyId).as('total')))
    .orderBy(order[options.sort])
    .orderBy('c.id', options.direction)
    .limit(sql.lit(options.perPage))
    .offset((options.page - 1) * options.perPage)
    .execute();
  const total =
    searchTotal ?? (rows.length > 0 ? rows[0].total : await countScopedClients(db, holdingId, options.companyId));
  keepClientSampleFresh(db);
  return {
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      months: r.months ?? {},
      documents_count: Number(r.documents_count),
      new_count: Number(r.new_count),
    })),
    total: Number(total),
  };
}

/** Client `c`'s live documents per month of `periods`, as {period: count} (null when none). */
function monthsOf(periods: string[]) {
  return sql<Record<string, number> | null>`(
    select json_object_agg(x.period, x.n) from (
      select m.period, count(*)::int as n from media m
      where m.client_id = c.id and m.company_id = c.company_id and m.deleted_at is null
        and m.period = any(cast(${`{${periods.join(',')}}`} as text[]))
      group by m.period) x)`;
}

/** Live clients of the holding at its linked, live companies, from the trigger-kept counters (migration 050). */
async function countScopedClients(db: Executor, holdingId: number, companyId?: number): Promise<number> {
  const row = await scopedCount(db, holdingId, companyId).executeTakeFirstOrThrow();
  return Number(row.total);
}

function scopedCount(db: Executor, holdingId: number, companyId?: number) {
  let query = db
    .selectFrom('client_counts as k')
    .innerJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'k.company_id').on('ch.holding_id', '=', holdingId),
    )
    .innerJoin('companies as co', 'co.id', 'k.company_id')
    .where('k.holding_id', '=', holdingId)
    .where('co.deleted_at', 'is', null)
    .where('co.status', '=', 'active');
  if (companyId) query = query.where('k.company_id', '=', companyId);
  return query.select(sql<number>`coalesce(sum(k.live), 0)::int`.as('total'));
}
