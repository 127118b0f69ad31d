import type { AppContext } from '../../infra/context.js';
import { pagedList, paging } from '../../lib/paging.js';
import { addMonths } from '../../lib/ro-calendar.js';
import type { TenantScope } from '../doors/index.js';
import { listOwed, type OwedRow } from './checklist-repository.js';
import { countStatuses } from './checklist-status.js';
import { presentDoneMonth, presentPortfolioRow, presentQueueRow } from './presenter.js';
import {
  clientsIn,
  closedMonths,
  listPortfolioClients,
  type PortfolioFilter,
  type PortfolioQuery,
} from './portfolio-repository.js';
import { countDone, countQueue, listDoneMonths, queuePage } from './review-repository.js';
import type { MonthsBody, PortfolioBody } from './schemas.js';

/**
 * The firm's views over its clients (company door): the month's grid, several months side by side, the
 * review queue and its badge.
 */

type Ctx = Pick<AppContext, 'db'>;

/** The owed requirements of the page's clients in `periods`, by `${clientId}:${period}`, in checklist order. */
async function owedByMonth(ctx: Ctx, companyId: number, ids: number[], periods: string[]) {
  const owed = await listOwed(ctx.db, companyId, clientsIn(ids), periods);
  const months = new Map<string, OwedRow[]>();
  for (const o of owed) {
    const key = `${o.client_id}:${o.period}`;
    months.set(key, [...(months.get(key) ?? []), o]);
  }
  return months;
}

function portfolioQuery(scope: TenantScope, body: MonthsBody, status?: PortfolioFilter) {
  const p = paging({ page: body.page, per_page: body.per_page, search: body.search });
  const q: PortfolioQuery = {
    companyId: scope.id,
    period: body.period,
    search: p.search,
    status,
    offset: p.offset,
    limit: p.perPage,
  };
  return { p, q };
}

/** checklist (company door): the month of every client on the page, by name. */
export async function portfolio(ctx: Ctx, scope: TenantScope, body: PortfolioBody) {
  const { p, q } = portfolioQuery(scope, body, body.status);
  const { rows, total } = await listPortfolioClients(ctx.db, q);
  const owed = await owedByMonth(
    ctx,
    scope.id,
    rows.map((r) => r.id),
    [body.period],
  );
  return pagedList(
    rows.map((row) => presentPortfolioRow(body.period, row, owed.get(`${row.id}:${body.period}`) ?? [])),
    p,
    total,
    { period: body.period },
  );
}

/** checklist/months: the `months` months ending with `period`, oldest first, for each client of the page. */
export async function portfolioMonths(ctx: Ctx, scope: TenantScope, body: MonthsBody) {
  const { p, q } = portfolioQuery(scope, body);
  const count = body.months ?? 6;
  const periods = Array.from({ length: count }, (_, i) => addMonths(body.period, i - count + 1));
  const { rows, total } = await listPortfolioClients(ctx.db, q);
  const ids = rows.map((r) => r.id);
  const owed = await owedByMonth(ctx, scope.id, ids, periods);
  const closed = await closedMonths(ctx.db, ids, periods);
  const data = rows.map((row) => ({
    client: { id: row.id, name: row.name },
    months: periods.map((period) => ({
      period,
      ...countStatuses((owed.get(`${row.id}:${period}`) ?? []).map((o) => o.status)),
      closed: closed.has(`${row.id}:${period}`),
    })),
  }));
  return pagedList(data, p, total, { periods });
}

/**
 * review-queue: documents awaiting review, newest first (`meta.total`); the months clients said they
 * finished (`meta.done`, the newest; `meta.done_total`, all of them) — the same two numbers, counted the
 * same way, as review-queue/count gives the menu (`count`, `done`), never added into one.
 */
export async function reviewQueue(
  ctx: Ctx,
  scope: TenantScope,
  body: { page?: number; per_page?: number; client_id?: number },
) {
  const p = paging({ page: body.page, per_page: body.per_page });
  const clientId = body.client_id ?? null;
  const rows = await queuePage(ctx.db, { companyId: scope.id, clientId, offset: p.offset, limit: p.perPage });
  const total = await countQueue(ctx.db, scope.id, clientId);
  const done = await listDoneMonths(ctx.db, scope.id);
  const doneTotal = await countDone(ctx.db, scope.id);
  return pagedList(rows.map(presentQueueRow), p, total, { done: done.map(presentDoneMonth), done_total: doneTotal });
}

/** review-queue/count: the menu's two numbers, documents awaiting review (`count`) and months done (`done`). */
export async function reviewCount(ctx: Ctx, scope: TenantScope) {
  const count = await countQueue(ctx.db, scope.id, null);
  const done = await countDone(ctx.db, scope.id);
  return { count, done };
}
