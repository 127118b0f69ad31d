import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { withTenantsLocked, type TenantRef } from '../billing/index.js';
import { filesUnder } from '../categories/index.js';
import { canDeleteDocument, loadScopedClient, type ScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { assertPeriodsOpen, itemForUpload, lockOpenMonth, lockOpenPeriods } from '../month/index.js';
import { sendFile, sendZip } from './download.js';
import { documentsStored } from './stored-hooks.js';
import { receiveMultipart } from './multipart.js';
import { presentMedia, uploadLimits, type PresentedMedia } from './presenter.js';
import { findClientMedia, insertMedia, listClientMedia, softDeleteClientMedia } from './repository.js';
import type { CollectionBody } from './schemas.js';
import { assertFits, checkBeforeUpload, storageTenants } from './storage-limits.js';
import { invalidCategory, parseUploadFields, type UploadFields } from './upload-fields.js';

/**
 * A client's documents, on both doors: the access feature decides which clients the caller's scope
 * may touch (loadScopedClient), then one implementation uploads, downloads, zips and deletes, every query
 * filtered by the client's company and id.
 */

type Ctx = Pick<AppContext, 'config' | 'storage' | 'db'>;

export const documentNotFound = () => errors.notFound('Documentul');
/**
 * storeFiles: multipart with `category_id`, `period` and files (any number, field `files[]` or
 * `files`); all or nothing. Answers the new documents (`answer`), written in one transaction once every
 * file is stored and the plan's storage has room for the bytes received, and the client they went to
 * (for their history, history.ts).
 */
export async function storeDocuments(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  clientId: number,
): Promise<{ client: ScopedClient; answer: { data: PresentedMedia[] } }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const target = { client, tenants: storageTenants(scope, client.company_id), uploadedBy: scope.actor.id };
  return { client, answer: await storeClientDocuments(ctx, request, target) };
}

/** Where an upload goes: the client, the tenants its bytes count against, who sends it. */
export interface UploadTarget {
  client: Pick<ScopedClient, 'id' | 'company_id' | 'holding_id'>;
  tenants: TenantRef[];
  /** The user, or null: a client through its upload link. */
  uploadedBy: number | null;
  /** Refuses an item_id (or its absence) before any file and again at the end: an upload link takes only its open items. */
  checkItem?: (itemId: number | null) => Promise<void>;
}

/** storeFiles for a client already found (the caller checked who may upload there): the same checks, all or nothing. */
export async function storeClientDocuments(
  ctx: Ctx,
  request: FastifyRequest,
  { client, tenants, uploadedBy, checkItem }: UploadTarget,
): Promise<{ data: PresentedMedia[] }> {
  const { db } = ctx;
  const totalLimit = await checkBeforeUpload(db, tenants, request);
  const ids = { companyId: client.company_id, clientId: client.id };
  // The fields are read before the first file and again at the end; a category is looked up once.
  // An item (item_id) gives its category and month; a closed month refuses the upload before any file
  // (`beforeFiles`). At the end the month is checked once more, under the client's lock (lockOpenMonth).
  let allowedCategory: number | null = null;
  const checkFields = async (
    fields: Record<string, string>,
    beforeFiles: boolean,
  ): Promise<UploadFields & { requirementId?: number }> => {
    const parsed = parseUploadFields(fields);
    if (checkItem) await checkItem(parsed.itemId);
    if (parsed.itemId !== null) {
      const item = await itemForUpload(db, ids, parsed.itemId);
      if (beforeFiles) await assertPeriodsOpen(db, client.id, [item.period]);
      return { ...parsed, categoryId: item.categoryId, period: item.period, requirementId: item.requirementId };
    }
    if (beforeFiles) await assertPeriodsOpen(db, client.id, [parsed.period]);
    // Only a category of the set this client's documents are filed under: the company's, or the one it
    // keeps for the client's holding — never a set it keeps for another holding.
    if (parsed.categoryId !== null && parsed.categoryId !== allowedCategory) {
      if (!(await filesUnder(db, client.company_id, client.holding_id, parsed.categoryId))) throw invalidCategory();
      allowedCategory = parsed.categoryId;
    }
    return parsed;
  };
  const upload = await receiveMultipart(ctx, request, {
    keyPrefix: `company-${client.company_id}/client-${client.id}`,
    totalLimit,
    beforeFirstFile: async (fields) => {
      await checkFields(fields, true);
    },
  });
  try {
    // With files, the month is checked in the transaction below; without, here (409 before the 422).
    const { categoryId, period, requirementId } = await checkFields(upload.fields, upload.files.length === 0);
    if (upload.files.length === 0) throw errors.field('files', 'Alege cel puțin un fișier.');
    const rows = upload.files.map((f) => ({
      company_id: client.company_id,
      client_id: client.id,
      category_id: categoryId,
      period,
      original_name: f.name,
      mime: f.mime,
      size: f.size,
      sha256: f.sha256,
      storage_key: f.key,
      uploaded_by: uploadedBy,
    }));
    const bytes = upload.files.reduce((sum, f) => sum + f.size, 0);
    // The bytes received are checked and the rows written under the tenants' locks: parallel uploads
    // take the room one after the other and never pass the plan's storage together. The client's row is
    // locked too, so a month closed meanwhile refuses the upload; the documents answer the item named or
    // the first requirement owed with their category in their month.
    const newIds = await withTenantsLocked(db, tenants, async (trx) => {
      await assertFits(trx, tenants, bytes);
      const requirement = await lockOpenMonth(trx, ids, { period, categoryId, requirementId });
      return insertMedia(
        trx,
        rows.map((row) => ({ ...row, requirement_id: requirement })),
      );
    });
    const stored = await listClientMedia(db, { ...ids, ids: newIds });
    const order = new Map(newIds.map((id, i) => [id, i]));
    const data = stored.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(presentMedia);
    // Never throws (stored-hooks.ts): the files above are committed and must not be discarded.
    await documentsStored(ctx, { ...ids, uploadedBy, documents: data });
    return { data };
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** media/{mediaId}: the document's file. */
export async function sendDocument(
  ctx: Ctx,
  scope: TenantScope,
  reply: FastifyReply,
  clientId: number,
  mediaId: number,
): Promise<FastifyReply> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const row = await findClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!row) throw documentNotFound();
  return sendFile(reply, ctx.storage, row);
}

/**
 * media/{documentId}/delete: soft (the file stays for retention). Which documents a role may delete
 * is the access feature's DELETE_RULES (a holding's role 5 only those it uploaded).
 */
export async function deleteDocument(
  ctx: Ctx,
  scope: TenantScope,
  clientId: number,
  mediaId: number,
): Promise<{ message: string }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const ids = { companyId: client.company_id, clientId: client.id, mediaId };
  const document = await findClientMedia(ctx.db, ids);
  if (!document) throw documentNotFound();
  if (!canDeleteDocument(scope.actor, document)) {
    throw errors.forbidden('Poți șterge doar documentele încărcate de tine.');
  }
  // A closed month keeps its documents (docs/api/month.md): checked under the client's lock.
  await ctx.db.transaction().execute(async (trx) => {
    await lockOpenPeriods(trx, client.id, [(await findClientMedia(trx, ids))?.period ?? null]);
    if (!(await softDeleteClientMedia(trx, ids, scope.actor.id))) throw documentNotFound();
  });
  return { message: 'Documentul a fost șters.' };
}

/** collection: the client's documents matching the filter (ids of other clients are ignored), and the zip's name. */
export async function collectionOf(ctx: Ctx, scope: TenantScope, clientId: number, body: CollectionBody) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const rows = await listClientMedia(ctx.db, {
    companyId: client.company_id,
    clientId: client.id,
    period: body.period ?? null,
    categoryId: body.category_id ?? null,
    ids: body.ids ?? null,
  });
  if (rows.length === 0) throw errors.nothingFound('Nu există documente care să corespundă filtrului ales.');
  const name = `${client.name} - ${body.period ?? 'documente'}`.replace(/[/\\]/g, '-');
  return { client, rows, zipName: `${name}.zip` };
}

/** collection: a zip of `collectionOf`'s documents. */
export function sendCollection(
  ctx: Ctx,
  reply: FastifyReply,
  collection: Awaited<ReturnType<typeof collectionOf>>,
): FastifyReply {
  return sendZip(reply, ctx.storage, collection.rows, collection.zipName);
}

/** upload-limits: what the upload screens show before a file leaves the browser. */
export const limitsOf = (ctx: Pick<AppContext, 'config'>) => uploadLimits(ctx.config.uploadMaxBytes);
