import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { addMonths, currentMonth, isSanePeriod } from '../../lib/ro-calendar.js';
import type { Executor } from '../../infra/db.js';
import type { TenantScope } from '../doors/index.js';
import {
  firstOwedPeriod,
  insertMissingItems,
  listOwed,
  listPeriodRows,
  oneClient,
  readMonthRows,
  type ItemDocumentRow,
  type OwedRow,
} from './checklist-repository.js';
import { monthMeta, presentDocument, presentItem, type ChecklistItem } from './checklist-status.js';
import { findMonthClient, type MonthClient } from './repository.js';

/**
 * A client's checklist on both doors (docs/api/month.md, "The checklist"): the items a month owes, their
 * documents and statuses, the month's documents outside them, its meta; "Ce mai am de trimis". The firm's
 * "not applicable" marks are in not-applicable-service.ts.
 */

type Ctx = Pick<AppContext, 'db'>;

export const itemNotFound = () => errors.notFound('Cerința');

/** The scope's live client with its profile and due days, or 404. */
export async function loadMonthClient(
  db: Executor,
  scope: Pick<TenantScope, 'kind' | 'id' | 'firm'>,
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
  // Never rows for a month outside Dosar's window, whichever call got here (the routes refuse one: 422).
  const creatable = periods.filter((period) => isSanePeriod(period));
  if (creatable.length && read.owed.some((row) => row.item_id === null && creatable.includes(row.period))) {
    await insertMissingItems(db, idsOf(client), creatable);
    read = await readMonthRows(db, idsOf(client), periods);
  }
  const { owed, documents, periods: rows } = read;
  const byItem = new Map<string, ItemDocumentRow[]>();
  for (const doc of documents) {
    const key = `${doc.requirement_id}:${doc.period}`;
    byItem.set(key, [...(byItem.get(key) ?? []), doc]);
  }
  return periods.map((period) => {
    const answered = new Set<ItemDocumentRow>();
    const items = owed
      .filter((row): row is OwedRow & { item_id: number } => row.period === period && row.item_id !== null)
      .map((row) => {
        const docs = byItem.get(`${row.requirement_id}:${period}`) ?? [];
        for (const doc of docs) answered.add(doc);
        return presentItem(row, docs);
      });
    // The month's documents that answer none of its items: kept outside the checklist, or of a category it asks nothing of.
    const extra = documents.filter((doc) => doc.period === period && !answered.has(doc)).map(presentDocument);
    const meta = monthMeta(
      period,
      client,
      items.map((item) => item.status),
      rows.find((row) => row.period === period),
    );
    return { items, extra, meta };
  });
}

/** One month of the client as the checklist shows it: its items, its documents outside them, its meta. */
export async function readMonth(db: Executor, client: MonthClient, period: string) {
  const [month] = await readMonths(db, client, [period]);
  return month;
}

/** checklist {period}: the month's items, its documents outside them and its meta. */
export async function checklist(ctx: Ctx, scope: TenantScope, clientId: number, period: string) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const month = await readMonth(ctx.db, client, period);
  return { data: month.items, meta: month.meta, extra: month.extra };
}

/** One item as the checklist shows it now. */
export async function itemOf(
  db: Executor,
  client: MonthClient,
  itemId: number,
  period: string,
): Promise<ChecklistItem> {
  const item = (await readMonth(db, client, period)).items.find((i) => i.id === itemId);
  if (!item) throw itemNotFound();
  return item;
}

/**
 * open-items: every month of the last 12 (from the client's first owed month) not closed that still owes
 * missing or rejected items, or whose documents all arrived but nobody pressed „Am terminat” yet (so the
 * button stays where the client works), oldest first, only the missing and rejected items.
 */
export async function openItems(ctx: Ctx, scope: Pick<TenantScope, 'kind' | 'id' | 'firm'>, clientId: number) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const current = currentMonth();
  const first = await firstOwedPeriod(ctx.db, client.id);
  if (first === null) return { data: [] };
  const periods = Array.from({ length: 12 }, (_, i) => addMonths(current, i - 11)).filter((p) => p >= first);
  // The statuses of the 12 months in one read; the items of the open months only.
  const owed = await listOwed(ctx.db, client.company_id, oneClient(client.id), periods);
  const rows = await listPeriodRows(ctx.db, client.id, periods);
  const closed = new Set(rows.filter((r) => r.closed_at).map((r) => r.period));
  const done = new Set(rows.filter((r) => r.done_at).map((r) => r.period));
  const owes = (p: string) =>
    owed.some((row) => row.period === p && (row.status === 'missing' || row.status === 'rejected'));
  const delivered = (p: string) =>
    owed.some((row) => row.period === p && (row.status === 'uploaded' || row.status === 'accepted'));
  const open = periods.filter((p) => !closed.has(p) && (owes(p) || (!done.has(p) && delivered(p))));
  const months = await readMonths(ctx.db, client, open);
  return {
    data: months.map(({ items, meta }) => ({
      ...meta,
      items: items.filter((item) => item.status === 'missing' || item.status === 'rejected'),
    })),
  };
}
