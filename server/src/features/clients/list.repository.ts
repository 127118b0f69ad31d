import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import { arrayText, isoTimeText, jsonText, namedText, objectText } from '../../db/json.js';
import { plannedEachTime } from '../../db/plans.js';
import type { Executor } from './repository.js';
import { byTrigrams, clientSearch, clientSearchPlan, keepClientSampleFresh } from '../../db/client-search.js';
import type { SearchPlan } from '../../db/client-search-plan.js';

/**
 * The company's client list (the `clients` call): a page of its live clients with their holding,
 * searched by name or CUI through the trigram indexes, the total from the trigger-kept counters.
 */

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

function filtered(
  db: Executor,
  q: Pick<ClientListQuery, 'companyId' | 'search' | 'holdingId' | 'archived'>,
  plan: SearchPlan | null,
) {
  let query = db
    .selectFrom('clients as c')
    .where('c.company_id', '=', q.companyId)
    .where('c.deleted_at', q.archived ? 'is not' : 'is', null);
  if (q.holdingId !== undefined) {
    const linked = sql<boolean>`exists (select 1 from company_holding ch where ch.company_id = c.company_id and ch.holding_id = c.holding_id)`;
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('c.holding_id', 'is', null), eb.not(linked)]))
        : query.where('c.holding_id', '=', q.holdingId).where(linked);
  }
  if (q.search) query = query.where(clientSearch('c', q.search, plan));
  return query;
}

/**
 * The number of clients matching the filter, as a query. Without a search it sums the trigger-kept
 * counters (client_counts: a few rows per company, whatever its size); a search, or the archived clients
 * (which the counters leave out), counts the rows.
 */
function countQuery(db: Executor, q: ClientListQuery, plan: SearchPlan | null) {
  if (q.search || q.archived) return filtered(db, q, plan).select(sql<number>`count(*)::int`.as('total'));
  return fromCounters(db, q);
}

/** The live clients matching the holding filter, summed from client_counts (no search, not archived). */
function fromCounters(db: Executor, q: ClientListQuery) {
  const linked = sql<boolean>`exists (select 1 from company_holding ch where ch.company_id = k.company_id and ch.holding_id = k.holding_id)`;
  let query = db.selectFrom('client_counts as k').where('k.company_id', '=', q.companyId);
  if (q.holdingId !== undefined) {
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('k.holding_id', '=', 0), eb.not(linked)]))
        : query.where('k.holding_id', '=', q.holdingId).where(linked);
  }
  return query.select(sql<number>`coalesce(sum(k.live), 0)::int`.as('total'));
}

/** A listed client's own members as JSON text (db/json.ts), over its row `p`: both doors' lists start so. */
export const clientMembers = {
  id: sql`p.id`,
  name: jsonText(sql`p.name`),
  cui: jsonText(sql`p.cui`),
  email: jsonText(sql`p.email`),
  phone: jsonText(sql`p.phone`),
};

/** A page of the list: its clients as a JSON array (written by PostgreSQL, as presentClient shapes them) and the total. */
export interface ClientListPage {
  data: string;
  total: number;
}

/**
 * One page of the company's live clients and the total matching the filter. A search is planned on the
 * client sample as loaded so far (db/client-search-plan.ts); it never waits for one, and without one it runs as it
 * always did.
 */
export async function listClients(db: Executor, q: ClientListQuery): Promise<ClientListPage> {
  const plan = q.search ? clientSearchPlan(db, q.search) : null;
  try {
    return await listPage(db, q, plan);
  } finally {
    keepClientSampleFresh(db);
  }
}

const searched = (q: ClientListQuery, plan: SearchPlan | null) =>
  plannedEachTime(Boolean(q.search) && !byTrigrams(plan));

/** The sort of the list, over the clients named `alias`. */
function ordering(q: ClientListQuery, alias: 'c' | 'p') {
  const dir = q.direction === 'desc' ? sql`desc` : sql`asc`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const key =
    q.sort === 'name'
      ? sql`lower(${column('name')}) ${dir}`
      : q.sort === 'created_at'
        ? sql`${column('created_at')} ${dir}`
        : sql`${column('last_upload_at')} ${dir} nulls last`;
  return sql`${key}, ${column('id')} ${dir}`;
}

/**
 * A page and its total, in one statement (pageStatement):
 * - the page's ids come from an index alone (clients_company_live_name and the other sort indexes hold
 *   every column the filter and the order read), so the rows skipped by the offset are never read from
 *   the table; only the page's own rows are, with their holdings;
 * - the rows leave as one JSON array in presentClient's shape, written as text (db/json.ts), sorted again
 *   by the same keys: sorting the page's rows costs less than numbering every row the offset skips (a
 *   window over them was half of the statement's time at page 20);
 * - without a search the total is the counters' sum. A search through the trigram index (byTrigrams)
 *   counts its matches in the ids' query (count(*) over ()), so the index is read once; a page past the
 *   end has no row to carry the total, so the count runs on its own. A common term (e.g. "srl") is
 *   counted by a subquery of its own: the ids then walk the name index and stop after one page, which a
 *   window over every match would not.
 */
function pageStatement(db: Executor, q: ClientListQuery, plan: SearchPlan | null) {
  const counted = byTrigrams(plan);
  const order = ordering(q, 'c');
  const ids = filtered(db, q, plan)
    .select('c.id')
    .$if(counted, (qb) => qb.select(sql<number>`(count(*) over ())::int`.as('total')))
    .orderBy(order)
    .offset(q.offset)
    // The page size as a literal (a validated integer; a few distinct statements): a prepared statement's
    // generic plan then knows the page is small and reads its rows through the primary key.
    .limit(sql.lit(q.limit));
  const total = counted ? sql<number | null>`(select max(i.total) from page_ids i)` : countQuery(db, q, plan);
  // The holding only while it is linked to the company: an unlink (from either side) keeps
  // clients.holding_id, so relinking brings the client back, but meanwhile it is outside any holding.
  const row = objectText({
    ...clientMembers,
    holding: namedText(sql`h.id`, sql`h.name`),
    documents_count: sql`p.documents_count`,
    last_upload_at: isoTimeText('p.last_upload_at'),
    created_at: isoTimeText('p.created_at'),
    ...(q.archived ? { archived_at: isoTimeText('p.deleted_at') } : {}),
  });
  return sql<{ data: string; total: number | null }>`${searched(q, plan)}
    with page_ids as (${ids})
    select (
      select ${arrayText(row, ordering(q, 'p'))}
      from page_ids i
      join clients p on p.id = i.id
      left join company_holding ch on ch.company_id = p.company_id and ch.holding_id = p.holding_id
      left join holdings h on h.id = ch.holding_id and h.deleted_at is null
    ) as data, ${total} as total`;
}

/** What decides the text of a page's statement without a search: sort, direction, live or archived, holding filter, page size. */
type PageShape = `${ClientSort}|${'asc' | 'desc'}|${'live' | 'archived'}|${'all' | 'none' | 'one'}|${number}`;

/**
 * A page without a search, built once per shape (db/compiled.ts) and run with each call's company, offset
 * and holding: built on every request, Kysely's builders and compiler were a sixth of the server's thread
 * under a load of client lists (a CPU profile on PostgreSQL). A search's text depends on its term's plan,
 * so it is built each time.
 */
const unsearchedPage = compiledOnce(
  (db, p: { companyId: number; offset: number; holdingId: number }, shape: PageShape) => {
    const [sort, direction, state, holding, limit] = shape.split('|');
    const q: ClientListQuery = {
      companyId: p.companyId,
      offset: p.offset,
      limit: Number(limit),
      search: '',
      sort: sort as ClientSort,
      direction: direction as 'asc' | 'desc',
      archived: state === 'archived',
      holdingId: holding === 'all' ? undefined : holding === 'none' ? 0 : p.holdingId,
    };
    const statement = pageStatement(db, q, null);
    return { compile: () => statement.compile(db) };
  },
);

async function listPage(db: Executor, q: ClientListQuery, plan: SearchPlan | null): Promise<ClientListPage> {
  if (!q.search) {
    const holding = q.holdingId === undefined ? 'all' : q.holdingId === 0 ? 'none' : 'one';
    const shape: PageShape = `${q.sort}|${q.direction}|${q.archived ? 'archived' : 'live'}|${holding}|${q.limit}`;
    const [row] = await unsearchedPage(
      db,
      { companyId: q.companyId, offset: q.offset, holdingId: q.holdingId ?? 0 },
      shape,
    );
    return { data: row.data, total: Number(row.total ?? 0) };
  }
  const { rows } = await pageStatement(db, q, plan).execute(db);
  const { data, total: carried } = rows[0];
  if (carried !== null || q.offset === 0) return { data, total: Number(carried ?? 0) };
  // A page past the end of a search counted by its rows: no row carried the count.
  const { rows: again } = await sql<{ total: number }>`${searched(q, plan)} ${countQuery(db, q, plan)}`.execute(db);
  return { data, total: Number(again[0].total) };
}
