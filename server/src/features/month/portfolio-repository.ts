import { sql, type RawBuilder } from 'kysely';
import { plannedEachTime } from '../../db/plans.js';
import { fold, likePattern } from '../../lib/search-text.js';
import { MEDIA_SUMMARY, OWED, STATUS, type ItemStatus } from './checklist-repository.js';
import { pgArray, type Executor } from './repository.js';

/**
 * The firm's portfolio (docs/api/month.md): a page of its live clients by name, searched by name or CUI as
 * the client list is, optionally kept by the month's status counts (computed in SQL, one query for the
 * page whatever the number of clients).
 */

export type PortfolioFilter = 'complete' | 'incomplete' | 'missing' | 'uploaded' | 'rejected';

export interface PortfolioClientRow {
  id: number;
  name: string;
  cui: string | null;
  holding_id: number | null;
  holding_name: string | null;
  due_day: number | null;
  company_due_day: number;
  closed_at: Date | null;
  done_at: Date | null;
  reopened_at: Date | null;
  total: number;
  /** The month's owed items, when the query asked for them (`items`). */
  items?: PortfolioItemRow[];
}

export interface PortfolioItemRow {
  item_id: number | null;
  requirement_id: number;
  name: string;
  status: ItemStatus;
}

export interface PortfolioQuery {
  companyId: number;
  period: string;
  /** Trimmed, as typed. */
  search: string;
  status?: PortfolioFilter;
  offset: number;
  limit: number;
  /** Also the month's owed items of each client of the page, in the same statement. */
  items?: boolean;
}

/** Name (folded, like the client list's trigram search) or CUI digits. */
function searchCondition(search: string): RawBuilder<boolean> {
  if (!search) return sql<boolean>`true`;
  const folded = fold(search);
  const digits = search.replace(/^ro/i, '').replace(/\s+/g, '');
  const byCui = /^[0-9]{2,}$/.test(digits) ? sql`or c.cui like ${likePattern(digits)}` : sql``;
  return sql<boolean>`(dosar_fold(c.name) like ${likePattern(folded)} ${byCui})`;
}

/**
 * The month's owed items of each client of `clients` (a relation with `id`), one JSON array per client in
 * the checklist's order: joined to the page in the same statement, so the grid asks the database once.
 */
function itemsOf(q: PortfolioQuery, clients: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select r.client_id, json_agg(json_build_object('item_id', ci.id, 'requirement_id', r.id, 'name', r.name,
      'status', ${STATUS}) order by r.position, r.id) as items
    from ${clients} k
    join requirements r on r.client_id = k.id
    cross join (select cast(${q.period} as char(7)) as period) p
    left join checklist_items ci on ci.requirement_id = r.id and ci.period = p.period
    ${MEDIA_SUMMARY}
    where r.company_id = ${q.companyId} and ${OWED}
    group by r.client_id`;
}

/** The company's live clients, from the trigger-kept counters (a few rows whatever its size). */
const liveClients = (companyId: number) =>
  sql<number>`(select coalesce(sum(k.live), 0)::int from client_counts k where k.company_id = ${companyId})`;

/** What a status filter keeps, over the per-client counts `pc` (null: the client owes nothing). */
function statusCondition(status: PortfolioFilter | undefined): RawBuilder<boolean> {
  switch (status) {
    case 'complete':
      return sql<boolean>`coalesce(pc.open_n, 0) = 0`;
    case 'incomplete':
      return sql<boolean>`coalesce(pc.open_n, 0) > 0`;
    case 'missing':
      return sql<boolean>`coalesce(pc.missing_n, 0) > 0`;
    case 'uploaded':
      return sql<boolean>`coalesce(pc.uploaded_n, 0) > 0`;
    case 'rejected':
      return sql<boolean>`coalesce(pc.rejected_n, 0) > 0`;
    default:
      return sql<boolean>`true`;
  }
}

/**
 * The page of clients (with the month's row and, with `q.items`, its owed items) and, in each row, the total
 * matching the search and the status filter — without either (`counters`), the company's live clients from
 * the trigger-kept counters.
 */
export async function listPortfolioClients(db: Executor, q: PortfolioQuery): Promise<PortfolioClientRow[]> {
  const counters = !q.search && !q.status;
  const counted = q.status
    ? sql`left join (
        select r.client_id,
          count(*) filter (where ${STATUS} not in ('accepted', 'not_applicable'))::int as open_n,
          count(*) filter (where ${STATUS} = 'missing')::int as missing_n,
          count(*) filter (where ${STATUS} = 'uploaded')::int as uploaded_n,
          count(*) filter (where ${STATUS} = 'rejected')::int as rejected_n
        from requirements r
        cross join (select cast(${q.period} as char(7)) as period) p
        left join checklist_items ci on ci.requirement_id = r.id and ci.period = p.period
        ${MEDIA_SUMMARY}
        where r.company_id = ${q.companyId} and ${OWED}
        group by r.client_id) pc on pc.client_id = c.id`
    : sql``;
  const page = q.status
    ? sql`
    select c.id, c.name, c.cui, h.id as holding_id, h.name as holding_name, c.due_day, co.due_day as company_due_day,
      cp.closed_at, cp.done_at, cp.reopened_at, (count(*) over ())::int as total
    from clients c
    join companies co on co.id = c.company_id
    left join company_holding ch on ch.company_id = c.company_id and ch.holding_id = c.holding_id
    left join holdings h on h.id = ch.holding_id and h.deleted_at is null
    left join client_periods cp on cp.client_id = c.id and cp.period = ${q.period}
    ${counted}
    where c.company_id = ${q.companyId} and c.deleted_at is null and ${searchCondition(q.search)}
      and ${statusCondition(q.status)}
    order by lower(c.name), c.id
    offset ${q.offset} limit ${sql.lit(q.limit)}`
    : pageByName(q, counters);
  const { rows } = await sql<PortfolioClientRow>`${plannedEachTime(Boolean(q.search))}${withItems(q, page)}`.execute(
    db,
  );
  return rows;
}

/** The page's rows, each with its owed items of the month when `q.items`. */
function withItems(q: PortfolioQuery, page: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!q.items) return page;
  return sql`with page as (${page})
    select page.*, coalesce(o.items, '[]'::json) as items
    from page left join (${itemsOf(q, sql`page`)}) o on o.client_id = page.id
    order by lower(page.name), page.id`;
}

/**
 * Without a status filter the page is a page of the client list: its ids come from the clients' name index
 * alone (the offset walks the index, not a join of every client), then the page's rows are joined.
 */
function pageByName(q: PortfolioQuery, counters: boolean): RawBuilder<unknown> {
  return sql`
    with ids as (
      select c.id, ${counters ? sql`0` : sql`(count(*) over ())::int`} as total
      from clients c
      where c.company_id = ${q.companyId} and c.deleted_at is null and ${searchCondition(q.search)}
      order by lower(c.name), c.id
      offset ${q.offset} limit ${sql.lit(q.limit)})
    select c.id, c.name, c.cui, h.id as holding_id, h.name as holding_name, c.due_day, co.due_day as company_due_day,
      cp.closed_at, cp.done_at, cp.reopened_at, ${counters ? liveClients(q.companyId) : sql`ids.total`} as total
    from ids
    join clients c on c.id = ids.id
    join companies co on co.id = c.company_id
    left join company_holding ch on ch.company_id = c.company_id and ch.holding_id = c.holding_id
    left join holdings h on h.id = ch.holding_id and h.deleted_at is null
    left join client_periods cp on cp.client_id = c.id and cp.period = ${q.period}
    order by lower(c.name), c.id`;
}

/** A condition on requirements `r`: the clients `ids`. */
export const clientsIn = (ids: number[]) =>
  sql<boolean>`r.client_id = any(cast(${pgArray(ids.length ? ids : [0])} as int[]))`;

/** The closed months among `periods` of the clients `ids`: `${clientId}:${period}`. */
export async function closedMonths(db: Executor, ids: number[], periods: string[]): Promise<Set<string>> {
  if (ids.length === 0 || periods.length === 0) return new Set();
  const rows = await db
    .selectFrom('client_periods')
    .select(['client_id', sql<string>`period::text`.as('period')])
    .where('client_id', 'in', ids)
    .where('period', 'in', periods)
    .where('closed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => `${r.client_id}:${r.period}`));
}

/** The company's live clients, from the trigger-kept counters (a few rows whatever its size). */
export async function countLiveClients(db: Executor, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('client_counts')
    .select(sql<number>`coalesce(sum(live), 0)::int`.as('total'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
