import { sql, type RawBuilder } from 'kysely';
import { arrayText, jsonText, namedText, objectText } from '../../db/json.js';
import { plannedEachTime } from '../../db/plans.js';
import { fold } from '../../lib/search-text.js';
import { byTrigrams, clientSearch, clientSearchPlan, keepClientSampleFresh } from '../../db/client-search.js';
import { MEDIA_FLAGS, OWED, STATUS, type ItemStatus } from './checklist-repository.js';
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
}

export interface PortfolioQuery {
  companyId: number;
  period: string;
  /** Trimmed, as typed. */
  search: string;
  status?: PortfolioFilter;
  offset: number;
  limit: number;
}

/**
 * The clients the search finds, as the client list searches (db/client-search.ts), or every client; and
 * whether the statement is then planned for its term each time.
 */
function searchOf(db: Executor, q: PortfolioQuery) {
  if (!q.search) return { where: sql<boolean>`true`, planned: plannedEachTime(false) };
  const folded = fold(q.search);
  const plan = clientSearchPlan(db, folded);
  return { where: clientSearch('c', folded, plan), planned: plannedEachTime(!byTrigrams(plan)) };
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
 * The page of clients with the month's row and, in each row, the total matching the search and the
 * status filter — without either (`counters`), the company's live clients from the trigger-kept counters.
 */
function pageQuery(q: PortfolioQuery, search: RawBuilder<boolean>): RawBuilder<unknown> {
  const counters = !q.search && !q.status;
  if (!q.status) return pageByName(q, search, counters);
  const counted = sql`left join (
      select r.client_id,
        count(*) filter (where ${STATUS} not in ('accepted', 'not_applicable'))::int as open_n,
        count(*) filter (where ${STATUS} = 'missing')::int as missing_n,
        count(*) filter (where ${STATUS} = 'uploaded')::int as uploaded_n,
        count(*) filter (where ${STATUS} = 'rejected')::int as rejected_n
      from requirements r
      cross join (select cast(${q.period} as char(7)) as period) p
      left join checklist_items ci on ci.requirement_id = r.id and ci.period = p.period
      -- The company's documents of the month summed up once, by requirement (media_company_month), not
      -- probed once per requirement owed (60,000 probes for 10,000 clients: 2.3 times slower).
      left join (
        select x.requirement_id, ${MEDIA_FLAGS} from media x
        where x.company_id = ${q.companyId} and x.period = cast(${q.period} as char(7))
          and x.requirement_id is not null and x.deleted_at is null
        group by x.requirement_id) m on m.requirement_id = r.id
      where r.company_id = ${q.companyId} and ${OWED}
      group by r.client_id) pc on pc.client_id = c.id`;
  return sql`
    select c.id, c.name, c.cui, h.id as holding_id, h.name as holding_name, c.due_day, co.due_day as company_due_day,
      cp.closed_at, cp.done_at, cp.reopened_at, (count(*) over ())::int as total
    from clients c
    join companies co on co.id = c.company_id
    left join company_holding ch on ch.company_id = c.company_id and ch.holding_id = c.holding_id
    left join holdings h on h.id = ch.holding_id and h.deleted_at is null
    left join client_periods cp on cp.client_id = c.id and cp.period = ${q.period}
    ${counted}
    where c.company_id = ${q.companyId} and c.deleted_at is null and ${search}
      and ${statusCondition(q.status)}
    order by lower(c.name), c.id
    offset ${q.offset} limit ${sql.lit(q.limit)}`;
}

/** The page of clients with the month's row and the total (see pageQuery). */
export async function listPortfolioClients(db: Executor, q: PortfolioQuery): Promise<PortfolioClientRow[]> {
  const { where, planned } = searchOf(db, q);
  try {
    const { rows } = await sql<PortfolioClientRow>`${planned}${pageQuery(q, where)}`.execute(db);
    return rows;
  } finally {
    keepClientSampleFresh(db);
  }
}

/** The month's due date and days left by due day (index 1–31), worked out by the caller (ro-calendar). */
export interface DueByDay {
  dates: string[];
  daysLeft: number[];
}

/** The grid's page as the answer shows it: its rows as one JSON array, and the total (null: no row carried it). */
export interface PortfolioPage {
  data: string;
  total: number | null;
}

/** The query's month as a char(7), as the tables keep it. */
const monthOf = (q: PortfolioQuery) => sql`cast(${q.period} as char(7))`;

/**
 * One client's month as the grid shows it (`id`: its id in the outer query): the number of owed items, the
 * count of each status and the items in the checklist's order (compact JSON, since it is kept) — from its
 * requirements, its items and its live documents of the month, one index scan each. The counts are the
 * SQL twin of countStatuses (checklist-status.ts); portfolio.test.ts holds every row to the client's own
 * checklist.
 */
function workedOutMonth(q: PortfolioQuery, id: RawBuilder<number>): RawBuilder<unknown> {
  const count = (status: ItemStatus) => sql`count(*) filter (where x.status = ${sql.lit(status)})::int`;
  const period = monthOf(q);
  return sql`
    select count(*)::int as n, ${count('missing')} as missing, ${count('uploaded')} as uploaded,
      ${count('accepted')} as accepted, ${count('rejected')} as rejected,
      ${count('not_applicable')} as not_applicable,
      coalesce(array_to_json(array_agg(
        (select row_to_json(i) from (select x.item_id as id, x.requirement_id, x.name, x.status) i)
        order by x.position, x.requirement_id)), '[]') as items
    from (
      select ci.id as item_id, r.id as requirement_id, r.name, r.position, ${STATUS} as status
      from requirements r
      cross join (select ${period} as period) p
      left join (
        select ci.requirement_id, ci.id, ci.not_applicable_at from checklist_items ci
        where ci.client_id = ${id} and ci.period = ${period}) ci on ci.requirement_id = r.id
      left join (
        select x.requirement_id, ${MEDIA_FLAGS} from media x
        where x.client_id = ${id} and x.period = ${period} and x.deleted_at is null
          and x.requirement_id is not null
        group by x.requirement_id) m on m.requirement_id = r.id
      where r.client_id = ${id} and r.company_id = ${q.companyId} and ${OWED}) x`;
}

const MONTH_COLUMNS = sql.raw('n, missing, uploaded, accepted, rejected, not_applicable, items');

/**
 * The month's grid in one statement, written as JSON by PostgreSQL (as the client list is): the page of
 * clients, each with its month (its owed items, their status counts), the month's state and its due date
 * (looked up by due day in `due`, which the calendar in JS works out), and the total. The rows go out as
 * they are (docs/ARCHITECTURE.md, "Request flow", step 6).
 *
 * Each client's month is read from kept_months while it was worked out under the client's current stamp
 * (migration 160: every change to its requirements, items or documents raises the stamp in the same
 * transaction, and both are read in this statement's snapshot); the others are worked out here, per client
 * (joined across the page instead, the generic plan's guess of a few rows chose nested loops over all of
 * them: 11.5 ms against 3.6 ms), and kept for the next read. A stamp kept concurrently by a newer read wins.
 */
export async function portfolioPage(db: Executor, q: PortfolioQuery, due: DueByDay): Promise<PortfolioPage> {
  const dueDay = sql`least(greatest(coalesce(page.due_day, page.company_due_day), 1), 31)`;
  const row = objectText({
    client: objectText({
      id: sql`page.id`,
      name: jsonText(sql`page.name`),
      cui: jsonText(sql`page.cui`),
      holding: namedText(sql`page.holding_id`, sql`page.holding_name`),
    }),
    counts: objectText({
      missing: sql`o.missing`,
      uploaded: sql`o.uploaded`,
      accepted: sql`o.accepted`,
      rejected: sql`o.rejected`,
      not_applicable: sql`o.not_applicable`,
    }),
    total: sql`o.n`,
    complete: sql`(o.accepted + o.not_applicable = o.n)`,
    closed: sql`(page.closed_at is not null)`,
    done: sql`(page.done_at is not null and (page.reopened_at is null or page.done_at > page.reopened_at))`,
    due_date: jsonText(sql`(cast(${`{${due.dates.join(',')}}`} as text[]))[${dueDay}]`),
    days_left: jsonText(sql`(cast(${`{${due.daysLeft.join(',')}}`} as int[]))[${dueDay}]`),
    items: sql`o.items::text`,
  });
  const period = monthOf(q);
  const { where, planned } = searchOf(db, q);
  const { rows } = await sql<{ data: string; total: number | null }>`${planned}
    with page as (${pageQuery(q, where)}),
    -- Both looked up by key for each client of the page (a subquery and a lateral one with a limit, which
    -- the planner cannot turn into joins): joined, a generic plan that guesses 50 page rows against a few
    -- thousand stamps hashes the whole month_stamps table on every call.
    stamped as (
      select page.id, st.stamp, k.client_id is not null as kept,
        k.n, k.missing, k.uploaded, k.accepted, k.rejected, k.not_applicable, k.items
      from page
      cross join lateral (
        select coalesce((select s.stamp from month_stamps s where s.client_id = page.id), 0) as stamp offset 0) st
      left join lateral (
        select * from kept_months k
        where k.client_id = page.id and k.period = ${period} and k.stamp = st.stamp limit 1) k on true),
    made as (
      select st.id, st.stamp, o.* from stamped st
      cross join lateral (${workedOutMonth(q, sql`st.id`)}) o
      where not st.kept),
    keep as (
      insert into kept_months as k (client_id, period, stamp, ${MONTH_COLUMNS})
      select made.id, ${period}, made.stamp, ${MONTH_COLUMNS} from made order by made.id
      on conflict (client_id, period) do update set stamp = excluded.stamp, n = excluded.n,
        missing = excluded.missing, uploaded = excluded.uploaded, accepted = excluded.accepted,
        rejected = excluded.rejected, not_applicable = excluded.not_applicable, items = excluded.items
      where k.stamp < excluded.stamp),
    month as (
      select id, ${MONTH_COLUMNS} from stamped where kept
      union all
      select id, ${MONTH_COLUMNS} from made)
    select (
      select ${arrayText(row, sql`lower(page.name), page.id`)}
      from page join month o on o.id = page.id
    ) as data, (select max(page.total) from page) as total`.execute(db);
  keepClientSampleFresh(db);
  return { data: rows[0].data, total: rows[0].total === null ? null : Number(rows[0].total) };
}

/**
 * Without a status filter the page is a page of the client list: its ids come from the clients' name index
 * alone (the offset walks the index, not a join of every client), then the page's rows are joined.
 */
function pageByName(q: PortfolioQuery, search: RawBuilder<boolean>, counters: boolean): RawBuilder<unknown> {
  return sql`
    with ids as (
      select c.id, ${counters ? sql`0` : sql`(count(*) over ())::int`} as total
      from clients c
      where c.company_id = ${q.companyId} and c.deleted_at is null and ${search}
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
