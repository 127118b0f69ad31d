import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { addMonths, currentMonth } from '../../lib/ro-calendar.js';
import type { Executor } from '../../infra/db.js';
import { originOf, recordActivity } from '../activity/index.js';
import type { TenantScope } from '../doors/index.js';
import {
  findItem,
  firstOwedPeriod,
  insertMissingItems,
  listOwed,
  listPeriodRows,
  oneClient,
  readMonthRows,
  setNotApplicable,
  type ItemDocumentRow,
  type OwedRow,
} from './checklist-repository.js';
import { monthMeta, presentItem, type ChecklistItem } from './checklist-status.js';
import { assertPeriodsOpen } from './guard.js';
import { findMonthClient, type MonthClient } from './repository.js';

/**
 * A client's checklist on both doors (docs/api/month.md, "The checklist"): the items a month owes, their
 * documents and statuses, the month's meta; "Ce mai am de trimis"; the firm's "not applicable" marks.
 */

type Ctx = Pick<AppContext, 'db'>;

export const itemNotFound = () => errors.notFound('Cerința');

/** The scope's live client with its profile and due days, or 404. */
export async function loadMonthClient(
  db: Executor,
  scope: Pick<TenantScope, 'kind' | 'id'>,
  clientId: number,
  lock?: 'share' | 'update',
): Promise<MonthClient> {
  const client = await findMonthClient(db, scope, clientId, lock);
  if (!client) throw errors.notFound('Clientul');
  return client;
}

const idsOf = (client: MonthClient) => ({ companyId: client.company_id, clientId: client.id });

/**
 * The items the client owes in `periods`, by period, each with its documents: creates the items not
 * created yet (only when some are missing), so every item has an id.
 */
async function readMonths(db: Executor, client: MonthClient, periods: string[]) {
  let read = await readMonthRows(db, idsOf(client), periods);
  if (read.owed.some((row) => row.item_id === null)) {
    await insertMissingItems(db, idsOf(client), periods);
    read = await readMonthRows(db, idsOf(client), periods);
  }
  const { owed, documents, periods: rows } = read;
  const byItem = new Map<string, ItemDocumentRow[]>();
  for (const doc of documents) {
    const key = `${doc.requirement_id}:${doc.period}`;
    byItem.set(key, [...(byItem.get(key) ?? []), doc]);
  }
  return periods.map((period) => {
    const items = owed
      .filter((row): row is OwedRow & { item_id: number } => row.period === period && row.item_id !== null)
      .map((row) => presentItem(row, byItem.get(`${row.requirement_id}:${period}`) ?? []));
    const meta = monthMeta(
      period,
      client,
      items.map((item) => item.status),
      rows.find((row) => row.period === period),
    );
    return { items, meta };
  });
}

/** checklist {period}: the month's items and meta. */
export async function checklist(ctx: Ctx, scope: TenantScope, clientId: number, period: string) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const [month] = await readMonths(ctx.db, client, [period]);
  return { data: month.items, meta: month.meta };
}

/** One item as the checklist shows it now. */
export async function itemOf(
  db: Executor,
  client: MonthClient,
  itemId: number,
  period: string,
): Promise<ChecklistItem> {
  const [month] = await readMonths(db, client, [period]);
  const item = month.items.find((i) => i.id === itemId);
  if (!item) throw itemNotFound();
  return item;
}

/**
 * open-items: every month of the last 12 (from the client's first owed month) not closed with missing or
 * rejected items, oldest first, only those items.
 */
export async function openItems(ctx: Ctx, scope: TenantScope, clientId: number) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const current = currentMonth();
  const first = await firstOwedPeriod(ctx.db, client.id);
  if (first === null) return { data: [] };
  const periods = Array.from({ length: 12 }, (_, i) => addMonths(current, i - 11)).filter((p) => p >= first);
  // The statuses of the 12 months in one read; the items of the open months only.
  const owed = await listOwed(ctx.db, client.company_id, oneClient(client.id), periods);
  const closed = new Set(
    (await listPeriodRows(ctx.db, client.id, periods)).filter((r) => r.closed_at).map((r) => r.period),
  );
  const open = periods.filter(
    (p) =>
      !closed.has(p) && owed.some((row) => row.period === p && (row.status === 'missing' || row.status === 'rejected')),
  );
  const months = await readMonths(ctx.db, client, open);
  return {
    data: months.map(({ items, meta }) => ({
      ...meta,
      items: items.filter((item) => item.status === 'missing' || item.status === 'rejected'),
    })),
  };
}

/**
 * checklist/{itemId}/not-applicable and /applicable: the firm's mark, under the client's lock and the
 * month's open check; recorded in the history.
 */
export async function markItem(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  itemId: number,
  note: string | null,
): Promise<{ message: string; data: ChecklistItem }> {
  const text = note?.trim() ?? null;
  if (note !== null && !text) throw errors.field('note', fieldMessages.month.notApplicableWhy);
  return ctx.db.transaction().execute(async (trx) => {
    const client = await loadMonthClient(trx, scope, clientId, 'share');
    const item = await findItem(trx, idsOf(client), itemId);
    if (!item) throw itemNotFound();
    await assertPeriodsOpen(trx, client.id, [item.period]);
    await setNotApplicable(trx, item.id, text === null ? null : { by: scope.actor.id, note: text });
    await recordActivity(trx, scope, originOf(request), {
      action: text === null ? 'item.applicable' : 'item.not_applicable',
      companyId: client.company_id,
      clientId: client.id,
      period: item.period,
      details: { item_id: item.id, requirement_id: item.requirement_id, ...(text === null ? {} : { note: text }) },
    });
    return {
      message: text === null ? 'Cerința se aplică din nou.' : 'Cerința a fost marcată „Nu se aplică”.',
      data: await itemOf(trx, client, item.id, item.period),
    };
  });
}
