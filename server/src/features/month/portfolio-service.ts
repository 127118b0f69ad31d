import type { AppContext } from '../../infra/context.js';
import { pageMeta, paging } from '../../lib/paging.js';
import { pageText } from '../../lib/json-text.js';
import { addMonths, daysLeft, dueDate, todayInRomania } from '../../lib/ro-calendar.js';
import type { TenantScope } from '../doors/index.js';
import { listOwed, type ItemStatus } from './checklist-repository.js';
import { countStatuses } from './checklist-status.js';
import {
  clientsIn,
  closedMonths,
  countLiveClients,
  listPortfolioClients,
  portfolioPage,
  type DueByDay,
  type PortfolioQuery,
} from './portfolio-repository.js';
import { countDone, countQueue, queuePage } from './review-repository.js';
import type { MonthsBody, PortfolioBody } from './schemas.js';

/**
 * The firm's views over its clients (company door): the month's grid, several months side by side, the
 * review queue and its badge. Counts come from SQL: the month's grid is one statement (the page of
 * clients, their items and the total); several months take one more for the items.
 */

type Ctx = Pick<AppContext, 'db'>;

/**
 * The total of a page that came back empty (no row carried it): the live clients without a search or a
 * status filter, else the first page's total (past the last page), else none.
 */
async function totalOfEmptyPage(ctx: Ctx, q: PortfolioQuery): Promise<number> {
  if (!q.search && !q.status) return countLiveClients(ctx.db, q.companyId);
  if (q.offset === 0) return 0;
  const [first] = await listPortfolioClients(ctx.db, { ...q, offset: 0, limit: 1 });
  return Number(first?.total ?? 0);
}

async function pageOfClients(ctx: Ctx, q: PortfolioQuery) {
  const rows = await listPortfolioClients(ctx.db, q);
  return { rows, total: rows.length > 0 ? Number(rows[0].total) : await totalOfEmptyPage(ctx, q) };
}

/** Tables already worked out, by month and today: every grid call of a day asks for the same few. */
const dueTables = new Map<string, DueByDay>();

/** The month's due date and days left for every due day, from one today (every row counts from it). */
function dueByDay(period: string): DueByDay {
  const today = todayInRomania();
  const key = `${period}|${today}`;
  let table = dueTables.get(key);
  if (table === undefined) {
    const dates = Array.from({ length: 31 }, (_, i) => dueDate(period, i + 1));
    table = { dates, daysLeft: dates.map((due) => daysLeft(due, today)) };
    if (dueTables.size >= 1_000) dueTables.clear();
    dueTables.set(key, table);
  }
  return table;
}

/** checklist (company door): the month of every client on the page, by name, as PostgreSQL writes it. */
export async function portfolio(ctx: Ctx, scope: TenantScope, body: PortfolioBody) {
  const p = paging({ page: body.page, per_page: body.per_page, search: body.search });
  const q: PortfolioQuery = {
    companyId: scope.id,
    period: body.period,
    search: p.search,
    status: body.status,
    offset: p.offset,
    limit: p.perPage,
  };
  const page = await portfolioPage(ctx.db, q, dueByDay(body.period));
  const total = page.total ?? (await totalOfEmptyPage(ctx, q));
  return pageText(page.data, { ...pageMeta(p, total), period: body.period });
}

/** checklist/months: the `months` months ending with `period`, oldest first, for each client of the page. */
export async function portfolioMonths(ctx: Ctx, scope: TenantScope, body: MonthsBody) {
  const p = paging({ page: body.page, per_page: body.per_page, search: body.search });
  const count = body.months ?? 6;
  const periods = Array.from({ length: count }, (_, i) => addMonths(body.period, i - count + 1));
  const { rows, total } = await pageOfClients(ctx, {
    companyId: scope.id,
    period: body.period,
    search: p.search,
    offset: p.offset,
    limit: p.perPage,
  });
  const ids = rows.map((r) => r.id);
  const [owed, closed] = await Promise.all([
    listOwed(ctx.db, scope.id, clientsIn(ids), periods),
    closedMonths(ctx.db, ids, periods),
  ]);
  const statuses = new Map<string, ItemStatus[]>();
  for (const o of owed) {
    const key = `${o.client_id}:${o.period}`;
    statuses.set(key, [...(statuses.get(key) ?? []), o.status]);
  }
  return {
    data: rows.map((row) => ({
      client: { id: row.id, name: row.name },
      months: periods.map((period) => ({
        period,
        ...countStatuses(statuses.get(`${row.id}:${period}`) ?? []),
        closed: closed.has(`${row.id}:${period}`),
      })),
    })),
    meta: { ...pageMeta(p, total), periods },
  };
}

/** review-queue: documents awaiting review, newest first; the months clients said they finished. */
export async function reviewQueue(
  ctx: Ctx,
  scope: TenantScope,
  body: { page?: number; per_page?: number; client_id?: number },
) {
  const p = paging({ page: body.page, per_page: body.per_page });
  const clientId = body.client_id ?? null;
  const page = await queuePage(ctx.db, { companyId: scope.id, clientId, offset: p.offset, limit: p.perPage });
  // A page past the end has no row to carry the total: then it is counted apart.
  const total = page.total ?? (p.offset === 0 ? 0 : await countQueue(ctx.db, scope.id, clientId));
  return pageText(page.data, pageMeta(p, total), { done: page.done });
}

/** review-queue/count: the navigation badge. */
export async function reviewCount(ctx: Ctx, scope: TenantScope) {
  const [count, done] = await Promise.all([countQueue(ctx.db, scope.id, null), countDone(ctx.db, scope.id)]);
  return { count, done };
}
