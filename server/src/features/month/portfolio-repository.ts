import { sql, type RawBuilder } from 'kysely';
import { clientSearch } from '../../db/client-search.js';
import { fold } from '../../lib/search-text.js';
import type { Executor } from '../../infra/db.js';
import { holdingLinked } from '../access/index.js';
import { owedQuery } from './checklist-repository.js';
import { pgArray } from './repository.js';

/**
 * The firm's portfolio (docs/api/month.md): a page of its live clients by name, searched by name or CUI as
 * the client list is, optionally kept by the status of their items in the month.
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

/** What a status filter keeps: clients `c` with an item of the month in that status (complete: none open). */
function statusCondition(q: PortfolioQuery, status: PortfolioFilter): RawBuilder<boolean> {
  const owed = owedQuery(q.companyId, sql<boolean>`r.client_id = c.id`, [q.period]);
  const holding = (condition: RawBuilder<boolean>) =>
    sql<boolean>`exists (select 1 from (${owed}) o where ${condition})`;
  const open = holding(sql<boolean>`o.status not in ('accepted', 'not_applicable')`);
  if (status === 'complete') return sql<boolean>`not ${open}`;
  if (status === 'incomplete') return open;
  return holding(sql<boolean>`o.status = ${status}`);
}

function portfolioClients(db: Executor, q: PortfolioQuery) {
  let query = db.selectFrom('clients as c').where('c.company_id', '=', q.companyId).where('c.deleted_at', 'is', null);
  if (q.search) query = query.where(clientSearch('c', fold(q.search)));
  if (q.status) query = query.where(statusCondition(q, q.status));
  return query;
}

/** The page of clients by name with their month's row (done, closed), and how many match. */
export async function listPortfolioClients(
  db: Executor,
  q: PortfolioQuery,
): Promise<{ rows: PortfolioClientRow[]; total: number }> {
  // The page's ids first, in the order of the index (company, name, id), then only those rows joined to
  // their company, holding and month: joined before the page is cut, every matching client would be.
  const page = portfolioClients(db, q)
    .select('c.id')
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .offset(q.offset)
    .limit(q.limit);
  const rows = await db
    .selectFrom(page.as('p'))
    .innerJoin('clients as c', 'c.id', 'p.id')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    // The holding only while it is linked to the company, as the client list shows it.
    .leftJoin('holdings as h', (join) =>
      join.onRef('h.id', '=', 'c.holding_id').on('h.deleted_at', 'is', null).on(holdingLinked('c')),
    )
    .leftJoin('client_periods as cp', (join) => join.onRef('cp.client_id', '=', 'c.id').on('cp.period', '=', q.period))
    .select([
      'c.id',
      'c.name',
      'c.cui',
      'h.id as holding_id',
      'h.name as holding_name',
      'c.due_day',
      'co.due_day as company_due_day',
      'cp.closed_at',
      'cp.done_at',
      'cp.reopened_at',
    ])
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
  const { total } = await portfolioClients(db, q)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
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
