import { type Expression, type SqlBool, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import { arrayText, isoTimeText, jsonText, objectText } from '../../db/json.js';
import { clientSearch, clientSearchPlan, keepClientSampleFresh } from '../../db/client-search.js';
import { fold } from '../../lib/search-text.js';
import { clientMembers } from './list.repository.js';
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

/** A page of the holding's clients as the answer shows it (one JSON array the database wrote), and the total. */
export interface HoldingClientPage {
  data: string;
  total: number;
}

type Options = Page & { sort: ClientSort; companyId?: number; since: Date | null; periods: string[] };

/** The values a page's statement is run with; what else decides its text is the shape (IndexShape). */
type PageValues = {
  holdingId: number;
  companyId: number;
  since: Date | null;
  /** The months shown, as a PostgreSQL array literal. */
  periods: string;
  offset: number;
};

/**
 * A page of the holding's clients with each one's company, documents new since the previous visit and
 * documents per month of `periods`, written as JSON by the database (db/json.ts) in the order of the sort,
 * and the total matching the filter (the counters' sum, or a search's matches counted) — one statement.
 * `limit` is the page size, a literal (a few statements).
 */
function pageStatement(
  db: Executor,
  v: PageValues,
  o: { sort: ClientSort; direction: Direction; byCompany: boolean; since: boolean; limit: number },
  search?: Expression<SqlBool>,
) {
  let query = scopedClients(db, v.holdingId);
  if (o.byCompany) query = query.where('c.company_id', '=', v.companyId);
  if (search) query = query.where(search);
  // Without a search the counters' sum; a search counts its matches.
  const total = search
    ? query.select(sql<number>`count(*)::int`.as('total'))
    : scopedCount(db, v.holdingId, o.byCompany ? v.companyId : undefined);
  // documents_count and last_upload_at are kept on the client by the media trigger (migration 020).
  // new_count: with no previous visit every document is new; otherwise counted per row of the page
  // (media_client_live: client_id, created_at), or — to sort by it — from the documents created since
  // (media_created_live), never by aggregating every document of the holding.
  const sortByNew = o.sort === 'new_count' && o.since;
  const newCount = !o.since
    ? sql<number>`c.documents_count`
    : sortByNew
      ? sql<number>`coalesce(s.new_count, 0)`
      : sql<number>`(select count(*)::int from media m where m.client_id = c.id and m.deleted_at is null and m.created_at > ${v.since})`;
  const direction = dir(o.direction);
  // Columns that are never null sort without "nulls last", so an index (clients_holding_name) can serve the
  // order. The page's own rows are sorted again by the same keys as the JSON array is written (`p`).
  const order = (alias: 'c' | 'p'): Record<ClientSort, Expression<unknown>> => ({
    name: sql`lower(${sql.ref(`${alias}.name`)}) ${direction}`,
    created_at: sql`${sql.ref(`${alias}.created_at`)} ${direction}`,
    documents_count: sql`${sql.ref(`${alias}.documents_count`)} ${direction}`,
    last_upload_at: sql`${sql.ref(`${alias}.last_upload_at`)} ${direction} nulls last`,
    new_count: alias === 'c' ? sql`${newCount} ${direction}` : sql`p.new_count ${direction}`,
  });
  let listed = query;
  if (sortByNew) {
    const fresh = db
      .selectFrom('media as m')
      .innerJoin('clients as mc', 'mc.id', 'm.client_id')
      .where('mc.holding_id', '=', v.holdingId)
      .where('m.deleted_at', 'is', null)
      .where('m.client_id', 'is not', null)
      .where('m.created_at', '>', v.since as Date)
      .select(['m.client_id', sql<number>`count(*)::int`.as('new_count')])
      .groupBy('m.client_id')
      .as('s');
    listed = listed.leftJoin(fresh, 's.client_id', 'c.id') as typeof listed;
  }
  const page = listed
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
      'c.created_at',
    ])
    .orderBy(order('c')[o.sort])
    .orderBy('c.id', o.direction)
    .limit(sql.lit(o.limit))
    .offset(v.offset);
  const row = objectText({
    ...clientMembers,
    company: objectText({ id: sql`p.company_id`, name: jsonText(sql`p.company_name`) }),
    documents_count: sql`p.documents_count`,
    new_count: sql`p.new_count`,
    last_upload_at: isoTimeText('p.last_upload_at'),
    months: monthsOf(v.periods),
  });
  return sql<{ data: string; total: number }>`
    with p as (${page})
    select (select ${arrayText(row, sql`${order('p')[o.sort]}, p.id ${direction}`)} from p) as data, (${total}) as total`;
}

/** What decides the text of a page's statement without a search. */
type IndexShape = `${ClientSort}|${Direction}|${'one' | 'all'}|${'since' | 'first'}|${number}`;

/**
 * A page without a search, built once per shape (db/compiled.ts) and run with each call's holding, company,
 * previous visit, months and offset; a search's text depends on its term's plan, so it is built each time.
 */
const unsearchedPage = compiledOnce((db, v: PageValues, shape: IndexShape) => {
  const [sort, direction, company, since, limit] = shape.split('|');
  const statement = pageStatement(db, v, {
    sort: sort as ClientSort,
    direction: direction as Direction,
    byCompany: company === 'one',
    since: since === 'since',
    limit: Number(limit),
  });
  return { compile: () => statement.compile(db) };
});

/**
 * A page of the holding's clients and the total, with each client's documents per month of `periods`, in
 * one statement (pageStatement).
 */
export async function listHoldingClients(
  db: Executor,
  holdingId: number,
  options: Options,
): Promise<HoldingClientPage> {
  const values: PageValues = {
    holdingId,
    companyId: options.companyId ?? 0,
    since: options.since,
    periods: `{${options.periods.join(',')}}`,
    offset: (options.page - 1) * options.perPage,
  };
  const shape = {
    sort: options.sort,
    direction: options.direction,
    byCompany: Boolean(options.companyId),
    since: options.since !== null,
    limit: options.perPage,
  };
  // By name or CUI as the company's client list searches (db/client-search.ts).
  const folded = options.search ? fold(options.search) : '';
  try {
    if (!folded) {
      const key: IndexShape = `${shape.sort}|${shape.direction}|${shape.byCompany ? 'one' : 'all'}|${shape.since ? 'since' : 'first'}|${shape.limit}`;
      const [row] = await unsearchedPage(db, values, key);
      return { data: row.data, total: Number(row.total) };
    }
    const search = clientSearch('c', folded, clientSearchPlan(db, folded));
    const { rows } = await pageStatement(db, values, shape, search).execute(db);
    return { data: rows[0].data, total: Number(rows[0].total) };
  } finally {
    keepClientSampleFresh(db);
  }
}

/**
 * Client `p`'s live documents per month of `periods` (an array literal), as [{period, count}] in their
 * order: read by client and month from media_client. A document's company is always its client's (an
 * upload takes the client's); said again here, the generic plan ANDed in the company's index, every
 * document of the firm for each client of the page (EXPLAIN ANALYZE, 262 entries for a 6-document client:
 * 0.17 → 0.04 ms a client).
 */
function monthsOf(periods: string) {
  const counted = sql`(
    select m.period, count(*)::int as n from media m
    where m.client_id = p.id and m.deleted_at is null and m.period = any(cast(${periods} as char(7)[]))
    group by m.period)`;
  const month = objectText({ period: jsonText(sql`u.period`), count: sql`coalesce(x.n, 0)` });
  return sql<string>`(
    select ${arrayText(month, sql`u.i`)}
    from unnest(cast(${periods} as text[])) with ordinality u(period, i)
    left join ${counted} x on x.period = u.period)`;
}

/** Live clients of the holding at its linked, live companies, from the trigger-kept counters (migration 050). */
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
