import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { parseRange } from '../../lib/byte-range.js';
import { originOf, recordActivity, recordFileRead, type ActivityEvent } from '../activity/index.js';
import { loadScopedClient, type ScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { categoryName, mediaFacts, type MediaFacts } from './history-repository.js';
import type { PresentedMedia } from './presenter.js';
import { findClientMedia } from './repository.js';
import type { BulkBody, CollectionBody, UpdateBody } from './schemas.js';
import { collectionOf, deleteDocument, sendCollection, sendDocument } from './service.js';
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
 * media/{mediaId}: the file, recorded before it leaves (once the answer is sent, a reader of the history
 * must find it). What is recorded follows from the same reading of `Range` that the answer is cut by:
 * the whole file (however the header spelled it) is a download, a part joins the reader's preview or
 * partial read (activity's recordFileRead); a range refused with 416 delivers nothing and is no entry.
 */
export async function sendDocumentRecorded(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: number,
  mediaId: number,
): Promise<FastifyReply> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const row = await findClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (row) {
    const size = Number(row.size);
    const answer = parseRange(request.headers.range, size);
    if (answer.kind !== 'unsatisfiable') {
      const span = answer.kind === 'partial' ? answer : { start: 0, end: size - 1 };
      try {
        await recordFileRead(ctx.db, scope, originOf(request), {
          companyId: client.company_id,
          clientId: client.id,
          mediaId,
          period: trimmed(row.period),
          name: row.original_name,
          size,
          start: span.start,
          end: span.end,
          inline: (request.query as { inline?: string } | undefined)?.inline === '1',
        });
      } catch (error) {
        request.log.error({ err: error }, 'activity not recorded');
      }
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
  // A zip of nothing is refused here (404) and recorded nowhere.
  const collection = await collectionOf(ctx, scope, clientId, body);
  const { client } = collection;
  const category = body.category_id ? await categoryName(ctx.db, client.company_id, body.category_id) : null;
  const filter = {
    period: body.period ?? null,
    category_id: body.category_id ?? null,
    category,
    ids: body.ids ? body.ids.length : null,
  };
  // Recorded before the zip streams.
  await record(ctx, scope, request, [
    {
      action: 'document.zip',
      companyId: client.company_id,
      clientId: client.id,
      period: body.period ?? null,
      details: { filter, count: collection.rows.length },
    },
  ]);
  return sendCollection(ctx, reply, collection);
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
