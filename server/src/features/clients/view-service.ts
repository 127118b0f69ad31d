import type { AppContext } from '../../infra/context.js';
import { presentCategory } from '../categories/index.js';
import { canDeleteDocument } from '../access/index.js';
import { presentMedia, uploadLimits } from '../documents/index.js';
import type { TenantScope } from '../doors/index.js';
import { presentClient, presentHoldingClient } from './presenter.js';
import { clientNotFound } from './service.js';
import { readClientView } from './view.repository.js';

/**
 * The client view on both doors: the client, the category set its side sees, its months and its
 * documents (optionally one month or category; at most DOCUMENTS_SHOWN, the newest). One loading
 * function; each door keeps its own answer shape.
 */

export interface ClientViewFilter {
  period?: string | null;
  category_id?: number | null;
}

async function loadClientView(
  ctx: AppContext,
  scope: Pick<TenantScope, 'kind' | 'id' | 'firm'>,
  clientId: number,
  filter: ClientViewFilter,
) {
  const view = await readClientView(ctx.db, scope, clientId, {
    period: filter.period ?? null,
    categoryId: filter.category_id ?? null,
  });
  if (!view) throw clientNotFound();
  const { client, categories, inherited, periods, documents } = view;
  return {
    client,
    periods,
    documents,
    shared: {
      categories: categories.map(presentCategory),
      categories_inherited: inherited,
      // More than DOCUMENTS_SHOWN matched: the newest are listed; a month or category filter shows the rest.
      documents_truncated: documents.truncated,
      upload_limits: uploadLimits(ctx.config.uploadMaxBytes),
    },
  };
}

/** The company door's `clients/{id}`. */
export async function viewClient(ctx: AppContext, scope: TenantScope, clientId: number, filter: ClientViewFilter) {
  const { client, periods, documents, shared } = await loadClientView(ctx, scope, clientId, filter);
  return {
    data: {
      ...presentClient(client),
      notes: client.notes,
      fiscal_profile: client.fiscal_profile,
      due_day: client.due_day,
      reminders_paused: client.reminders_paused,
    },
    ...shared,
    periods,
    documents: documents.rows.map(presentMedia),
  };
}

/** The holding door's `clients/{id}`: months as a list, and whether the caller may delete each document. */
export async function showClient(ctx: AppContext, scope: TenantScope, clientId: number, filter: ClientViewFilter) {
  const { client, periods, documents, shared } = await loadClientView(ctx, scope, clientId, filter);
  return {
    client: { ...presentHoldingClient(client), documents_count: periods.reduce((sum, p) => sum + p.count, 0) },
    ...shared,
    periods: periods.map((p) => p.period),
    documents: documents.rows.map((row) => ({ ...presentMedia(row), can_delete: canDeleteDocument(scope.actor, row) })),
  };
}
