import type { AppContext } from '../../infra/context.js';
import { pageMeta, paging, toIso } from '../../lib/paging.js';
import { addMonths, todayInRomania } from '../../lib/ro-calendar.js';
import type { TenantScope } from '../doors/index.js';
import { listOwed, type ItemStatus } from './checklist-repository.js';
import { countStatuses, dueOf } from './checklist-status.js';
import {
  clientsIn,
  closedMonths,
  countLiveClients,
  listPortfolioClients,
  type PortfolioQuery,
} from './portfolio-repository.js';
import { countDone, countQueue, listDone, listQueue } from './review-repository.js';
import type { MonthsBody, PortfolioBody } from './schemas.js';

/**
 * The firm's views over its clients (company door): the month's grid, several months side by side, the
 * review queue and its badge. Counts come from SQL: the month's grid is one statement (the page of
 * clients, their items and the total); several months take one more for the items.
 */

type Ctx = Pick<AppContext, 'db'>;

async function pageOfClients(ctx: Ctx, q: PortfolioQuery) {
  if (!q.search && !q.status) {
    const rows = await listPortfolioClients(ctx.db, q);
    // The total comes with the page's rows; past the last page, on its own.
    return { rows, total: rows.length > 0 ? Number(rows[0].total) : await countLiveClients(ctx.db, q.companyId) };
  }
  let rows = await listPortfolioClients(ctx.db, q);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    total = (await listPortfolioClients(ctx.db, { ...q, offset: 0, limit: 1 }))[0]?.total ?? 0;
    rows = [];
  }
  return { rows, total: Number(total) };
}

/** checklist (company door): the month of every client on the page, by name. */
export async function portfolio(ctx: Ctx, scope: TenantScope, body: PortfolioBody) {
  const p = paging({ page: body.page, per_page: body.per_page, search: body.search });
  const { rows, total } = await pageOfClients(ctx, {
    companyId: scope.id,
    period: body.period,
    search: p.search,
    status: body.status,
    offset: p.offset,
    limit: p.perPage,
    items: true,
  });
  // One today for the page (every row's days left counts from it).
  const today = todayInRomania();
  return {
    data: rows.map((row) => {
      const items = row.items ?? [];
      const closed = row.closed_at !== null;
      const done =
        row.done_at !== null && (row.reopened_at === null || new Date(row.done_at) > new Date(row.reopened_at));
      return {
        client: {
          id: row.id,
          name: row.name,
          cui: row.cui,
          holding:
            row.holding_id !== null && row.holding_name !== null
              ? { id: row.holding_id, name: row.holding_name }
              : null,
        },
        ...countStatuses(items.map((i) => i.status)),
        closed,
        done,
        ...dueOf(body.period, row, today),
        items: items.map((i) => ({ id: i.item_id, requirement_id: i.requirement_id, name: i.name, status: i.status })),
      };
    }),
    meta: { ...pageMeta(p, total), period: body.period },
  };
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
  const [rows, total, done] = await Promise.all([
    listQueue(ctx.db, { companyId: scope.id, clientId, offset: p.offset, limit: p.perPage }),
    countQueue(ctx.db, scope.id, clientId),
    listDone(ctx.db, scope.id, 50),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.original_name,
      mime: r.mime,
      size: Number(r.size),
      created_at: new Date(r.created_at).toISOString(),
      period: r.period,
      category:
        r.category_id !== null && r.category_name !== null ? { id: r.category_id, name: r.category_name } : null,
      client: { id: r.client_id, name: r.client_name },
      item: r.item_id !== null && r.item_name !== null ? { id: r.item_id, name: r.item_name } : null,
      uploaded_by_name: r.uploader_name,
    })),
    meta: {
      ...pageMeta(p, total),
      done: done.map((d) => ({
        client: { id: d.client_id, name: d.client_name },
        period: d.period,
        done_at: toIso(d.done_at) as string,
        done_by_name: d.done_by_name,
      })),
    },
  };
}

/** review-queue/count: the navigation badge. */
export async function reviewCount(ctx: Ctx, scope: TenantScope) {
  const [count, done] = await Promise.all([countQueue(ctx.db, scope.id, null), countDone(ctx.db, scope.id)]);
  return { count, done };
}
