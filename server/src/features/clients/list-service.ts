import type { AppContext } from '../../infra/context.js';
import { pagedList, paging, toIso, type PagingInput } from '../../lib/paging.js';
import { fold } from '../../lib/search-text.js';
import type { TenantScope } from '../doors/index.js';
import { addMonths, currentMonth } from '../../lib/ro-calendar.js';
import { listClients as listCompanyClients } from './list.repository.js';
import * as monthly from './monthly.repository.js';
import { presentClient, presentIndexClient } from './presenter.js';

/**
 * The two client lists, one per door, both paged by lib/paging.ts (page 1, DEFAULT_PER_PAGE rows):
 * the company's `clients` (search by name or CUI, filter by holding) and the holding's `index` (its
 * clients at its linked companies, with documents per month and those new since the last visit).
 */

export interface ClientListBody extends PagingInput {
  sort?: 'name' | 'created_at' | 'last_upload';
  holding_id?: number | null;
  /** The archived clients instead of the live ones. */
  archived?: boolean;
}

/** The company door's `clients` (its live clients, or with `archived` its archived ones). */
export async function listClients(ctx: AppContext, scope: Pick<TenantScope, 'id'>, body: ClientListBody) {
  const p = paging(body);
  const { rows, total } = await listCompanyClients(ctx.db, {
    companyId: scope.id,
    offset: p.offset,
    limit: p.perPage,
    search: fold(p.search),
    holdingId: body.holding_id ?? undefined,
    archived: body.archived === true,
    sort: body.sort ?? 'name',
    direction: body.direction ?? (body.sort === 'last_upload' || body.sort === 'created_at' ? 'desc' : 'asc'),
  });
  return pagedList(rows.map(presentClient), p, total);
}

/** The last n months (YYYY-MM), the current one first; "current" as the files module sees it (Romanian time). */
export function lastPeriods(n: number, now = new Date()): string[] {
  const current = currentMonth(now);
  return Array.from({ length: n }, (_, i) => addMonths(current, -i));
}

const MONTHS_SHOWN = 6;

export interface ClientIndexBody extends PagingInput {
  sort?: monthly.ClientSort;
  company_id?: number;
}

/** The holding door's `index`. */
export async function clientIndex(ctx: AppContext, scope: TenantScope, body: ClientIndexBody) {
  const sort = body.sort ?? 'name';
  const p = paging(body);
  const direction = body.direction ?? (sort === 'name' ? 'asc' : 'desc');
  const since = await monthly.previousSeenAt(ctx.db, scope.actor.id);
  const periods = lastPeriods(MONTHS_SHOWN);
  const { rows, total } = await monthly.listHoldingClients(
    ctx.db,
    { id: scope.id, firm: scope.firm },
    {
      page: p.page,
      perPage: p.perPage,
      search: p.search || undefined,
      direction,
      sort,
      companyId: body.company_id,
      since,
    },
  );
  const documents = await monthly.countDocumentsByMonth(
    ctx.db,
    rows.map((r) => r.id),
    periods,
  );
  const counts = new Map(documents.map((d) => [`${d.client_id}:${d.period}`, d.count]));
  return pagedList(
    rows.map((row) => presentIndexClient(row, periods, counts)),
    p,
    total,
    { since: toIso(since), periods },
  );
}
