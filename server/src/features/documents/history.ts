import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { originOf, recordActivity, type ActivityEvent } from '../activity/index.js';
import { loadScopedClient, type ScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { categoryName, countClientMedia, mediaFacts, type MediaFacts } from './history-repository.js';
import type { PresentedMedia } from './presenter.js';
import type { BulkBody, CollectionBody, UpdateBody } from './schemas.js';
import { deleteDocument, sendCollection, sendDocument } from './service.js';
import { bulkDocuments, updateDocument } from './edit-service.js';
import { restoreDocument } from './trash-service.js';

/**
 * The history of a client's documents (docs/PRODUCT.md, "The month's history and proces-verbal"): each
 * act of the document routes, once it succeeded, is written as an event with who, when and from where
 * (activity feature). The acts themselves stay in their services; these wrappers read what the event
 * needs before and after. A history write that fails is logged and never turns a done act into an error.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;

const trimmed = (period: string | null): string | null => (period === null ? null : period.trim());

async function record(ctx: Ctx, scope: TenantScope, request: FastifyRequest, events: ActivityEvent[]) {
  try {
    await recordActivity(ctx.db, scope, originOf(request), events);
  } catch (error) {
    request.log.error({ err: error }, 'activity not recorded');
  }
}

const whereOf = (client: ScopedClient) => ({ companyId: client.company_id, clientId: client.id });

function documentEvent(
  action: ActivityEvent['action'],
  client: ScopedClient,
  facts: MediaFacts,
  details: Record<string, unknown> = { name: facts.original_name },
): ActivityEvent {
  return {
    action,
    companyId: client.company_id,
    clientId: client.id,
    period: trimmed(facts.period),
    mediaId: facts.id,
    details,
  };
}

/** storeFiles: one `document.upload` per stored file, from the answer the upload gives for its client. */
export async function recordUploads(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  client: ScopedClient,
  stored: { data: PresentedMedia[] },
): Promise<void> {
  const events = stored.data.map((d): ActivityEvent => ({
    action: 'document.upload',
    companyId: client.company_id,
    clientId: client.id,
    period: d.period,
    mediaId: d.id,
    details: { name: d.name, category: d.category?.name ?? null },
  }));
  await record(ctx, scope, request, events);
}

/**
 * Whether a file call is worth an event: the whole file, or a range from byte 0 — the first request of a
 * preview, whose later ranges (pdf.js reads a PDF in pieces) add nothing to the history.
 */
export function opensTheFile(range: string | string[] | undefined): boolean {
  if (range === undefined) return true;
  const value = Array.isArray(range) ? range[0] : range;
  return /^\s*bytes\s*=\s*0\s*-/i.test(value);
}

/** media/{mediaId}: `document.preview` (`?inline=1`) or `document.download`, then the file. */
export async function sendDocumentRecorded(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: number,
  mediaId: number,
): Promise<FastifyReply> {
  // Recorded before the file leaves: once the answer is sent, a reader of the history must find it.
  if (opensTheFile(request.headers.range)) {
    const client = await loadScopedClient(ctx, scope, clientId);
    const [facts] = await mediaFacts(ctx.db, whereOf(client), [mediaId]);
    const inline = (request.query as { inline?: string } | undefined)?.inline === '1';
    if (facts) {
      await record(ctx, scope, request, [
        documentEvent(inline ? 'document.preview' : 'document.download', client, facts),
      ]);
    }
  }
  return sendDocument(ctx, scope, reply, clientId, mediaId);
}

/** collection: `document.zip` with its filter and how many documents it holds, then the zip. */
export async function sendCollectionRecorded(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: number,
  body: CollectionBody,
): Promise<FastifyReply> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const where = whereOf(client);
  const [count, category] = await Promise.all([
    countClientMedia(ctx.db, {
      ...where,
      period: body.period ?? null,
      categoryId: body.category_id ?? null,
      ids: body.ids ?? null,
    }),
    body.category_id ? categoryName(ctx.db, client.company_id, body.category_id) : null,
  ]);
  const filter = {
    period: body.period ?? null,
    category_id: body.category_id ?? null,
    category,
    ids: body.ids ? body.ids.length : null,
  };
  // Recorded before the zip streams (a zip of nothing is refused below and recorded nowhere).
  if (count > 0) {
    await record(ctx, scope, request, [
      {
        action: 'document.zip',
        companyId: client.company_id,
        clientId: client.id,
        period: body.period ?? null,
        details: { filter, count },
      },
    ]);
  }
  return sendCollection(ctx, scope, reply, clientId, body);
}

/** The move and rename events of documents whose facts went from `before` to `after`. */
function editEvents(client: ScopedClient, before: MediaFacts[], after: MediaFacts[]): ActivityEvent[] {
  const old = new Map(before.map((f) => [f.id, f]));
  const events: ActivityEvent[] = [];
  for (const now of after) {
    const was = old.get(now.id);
    if (!was) continue;
    if (was.category_id !== now.category_id || trimmed(was.period) !== trimmed(now.period)) {
      const place = (f: MediaFacts) => ({
        category_id: f.category_id,
        category: f.category_name,
        period: trimmed(f.period),
      });
      events.push(
        documentEvent('document.move', client, now, { name: now.original_name, from: place(was), to: place(now) }),
      );
    }
    if (was.original_name !== now.original_name) {
      events.push(
        documentEvent('document.rename', client, now, { old_name: was.original_name, new_name: now.original_name }),
      );
    }
  }
  return events;
}

/** media/{mediaId}/update: `document.move` and/or `document.rename`, with where it was and what it was called. */
export async function updateDocumentRecorded(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  mediaId: number,
  body: UpdateBody,
) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const before = await mediaFacts(ctx.db, whereOf(client), [mediaId]);
  const answer = await updateDocument(ctx, scope, clientId, mediaId, body);
  const after = await mediaFacts(ctx.db, whereOf(client), [mediaId]);
  await record(ctx, scope, request, editEvents(client, before, after));
  return answer;
}

/** media/bulk: one event per document (`document.move` or `document.delete`). */
export async function bulkDocumentsRecorded(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
  body: BulkBody,
) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const ids = [...new Set(body.ids)];
  const before = await mediaFacts(ctx.db, whereOf(client), ids);
  const answer = await bulkDocuments(ctx, scope, clientId, body);
  const after = await mediaFacts(ctx.db, whereOf(client), ids);
  const events =
    body.action === 'delete'
      ? after.map((f) => documentEvent('document.delete', client, f))
      : editEvents(client, before, after);
  await record(ctx, scope, request, events);
  return answer;
}

/** media/{documentId}/delete and media/{mediaId}/restore: the act, then its event. */
export async function trashActRecorded(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  act: 'delete' | 'restore',
  clientId: number,
  mediaId: number,
): Promise<{ message: string }> {
  const answer =
    act === 'delete'
      ? await deleteDocument(ctx, scope, clientId, mediaId)
      : await restoreDocument(ctx, scope, clientId, mediaId);
  const client = await loadScopedClient(ctx, scope, clientId);
  const [facts] = await mediaFacts(ctx.db, whereOf(client), [mediaId]);
  if (facts)
    await record(ctx, scope, request, [
      documentEvent(act === 'delete' ? 'document.delete' : 'document.restore', client, facts),
    ]);
  return answer;
}
