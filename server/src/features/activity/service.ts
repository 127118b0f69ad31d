import { Readable } from 'node:stream';
import type { AppContext } from '../../infra/context.js';
import { pagedList, paging } from '../../lib/paging.js';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import { loadScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { describeDetails, labelOf, localTime, ROLE_NAMES, sideOf } from './labels.js';
import { countActivity, listActivity, streamActivity, type ActivityFilter, type ActivityRow } from './repository.js';

/**
 * A client's history on both doors: the door's scope finds the client (a holding only its own clients,
 * another tenant's client 404), then its events newest first, as a page or as a CSV streamed in batches.
 */

type Ctx = Pick<AppContext, 'db'>;

export interface HistoryQuery {
  period?: string | null;
  page?: number;
  per_page?: number;
}

/** How many events a page shows unless asked otherwise. */
export const HISTORY_PER_PAGE = 50;

export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    action: row.action,
    label: labelOf(row.action),
    created_at: new Date(row.created_at).toISOString(),
    actor_name: row.actor_name,
    side: sideOf(row.actor_role === null ? null : Number(row.actor_role)),
    ip: row.ip,
    user_agent: row.user_agent,
    period: row.period === null ? null : row.period.trim(),
    document:
      row.media_id !== null && row.document_name !== null ? { id: row.media_id, name: row.document_name } : null,
    details: row.details,
  };
}

async function filterOf(ctx: Ctx, scope: TenantScope, clientId: number, period?: string | null) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const filter: ActivityFilter = { companyId: client.company_id, clientId: client.id, period: period ?? null };
  return { client, filter };
}

/** activity: one page of the client's history, newest first. */
export async function clientHistory(ctx: Ctx, scope: TenantScope, clientId: number, query: HistoryQuery) {
  const { filter } = await filterOf(ctx, scope, clientId, query.period);
  const page = paging(query, HISTORY_PER_PAGE);
  const [rows, total] = await Promise.all([
    listActivity(ctx.db, filter, { limit: page.perPage, offset: page.offset }),
    countActivity(ctx.db, filter),
  ]);
  return pagedList(rows.map(presentActivity), page, total);
}

export const HISTORY_CSV_HEADER = ['Data', 'Acțiune', 'Cine', 'Rol', 'Luna', 'Document', 'Detalii', 'IP', 'Browser'];

function csvLine(row: ActivityRow): string {
  const role = row.actor_role === null ? null : Number(row.actor_role);
  return csvRow([
    localTime(row.created_at),
    labelOf(row.action),
    row.actor_name,
    role === null ? null : (ROLE_NAMES[role] ?? null),
    row.period === null ? null : row.period.trim(),
    row.document_name,
    describeDetails(row.action, row.details),
    row.ip,
    row.user_agent,
  ]);
}

/** activity/export: the client's history as CSV (Excel with a Romanian locale), streamed batch by batch. */
export async function historyCsv(
  ctx: Ctx,
  scope: TenantScope,
  clientId: number,
  period?: string | null,
): Promise<{ fileName: string; csv: Readable }> {
  const { client, filter } = await filterOf(ctx, scope, clientId, period);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvRow(HISTORY_CSV_HEADER);
    for await (const batch of streamActivity(ctx.db, filter)) yield batch.map(csvLine).join('');
  }
  const fileName = `Istoric ${client.name}${period ? ` ${period}` : ''}.csv`.replace(/[/\\]/g, '-');
  return { fileName, csv: Readable.from(lines()) };
}
