import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { ALLOWED_TYPES, extensionOf } from '../../lib/file-types.js';
import { countOf } from '../../lib/plural.js';
import { filesUnder } from '../categories/index.js';
import { canDeleteDocument, canEditDocument, loadScopedClient, type ScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { lockOpenPeriods, requirementFor } from '../month/index.js';
import {
  lockLiveMedia,
  trashLiveMedia,
  updateLiveMedia,
  type ClientIds,
  type MediaChange,
  type MediaOwnership,
} from './edit-repository.js';
import { MAX_FILE_NAME_LENGTH, sanitizeFileName, withTypeExtension } from './file-name.js';
import { presentMedia, type PresentedMedia } from './presenter.js';
import { findClientMedia } from './repository.js';
import type { BulkBody, UpdateBody } from './schemas.js';
import { documentNotFound } from './service.js';
import { invalidCategory, parsePeriod } from './upload-fields.js';

/**
 * Moving (category, month) and renaming a client's documents, one or many at once, and bulk delete.
 * Who may touch which document is the access feature's EDIT_RULES and DELETE_RULES. A bulk call is all or nothing:
 * every id must be one of the client's live documents the caller may act on, else nothing changes.
 * The zip and the lists read the rows, so they follow at once.
 */

type Ctx = Pick<AppContext, 'db'>;

/** The category and month of a move, checked against the client's category set. */
async function moveFields(
  ctx: Ctx,
  client: ScopedClient,
  body: { category_id?: number | null; period?: string },
): Promise<MediaChange> {
  const change: MediaChange = {};
  if (body.category_id !== undefined) {
    if (
      body.category_id !== null &&
      !(await filesUnder(ctx.db, client.company_id, client.holding_id, body.category_id))
    )
      throw invalidCategory();
    change.category_id = body.category_id;
  }
  if (body.period !== undefined) {
    const period = parsePeriod(body.period);
    if (!period) throw errors.field('period', fieldMessages.shared.periodFormat);
    change.period = period;
  }
  return change;
}

/**
 * A new display name: trimmed, 1–200 characters, cleaned like an uploaded name, and always ending in
 * an extension the stored content answers to (renaming never turns a PDF into `factura.exe`).
 */
export function renamed(raw: string, current: { original_name: string; mime: string }): string {
  const trimmed = raw.trim();
  if (trimmed.length === 0) throw errors.field('name', fieldMessages.documents.nameRequired);
  if (Array.from(trimmed).length > MAX_FILE_NAME_LENGTH)
    throw errors.field('name', fieldMessages.documents.nameTooLong(MAX_FILE_NAME_LENGTH));
  const clean = sanitizeFileName(trimmed);
  if (!clean) throw errors.field('name', fieldMessages.documents.nameInvalid);
  const type =
    ALLOWED_TYPES.find((t) => t.mime === current.mime) ??
    ALLOWED_TYPES.find((t) => t.ext === extensionOf(current.original_name));
  if (type) return withTypeExtension(clean, type);
  const ext = extensionOf(current.original_name);
  return ext && extensionOf(clean) !== ext ? `${clean}.${ext}` : clean;
}

/**
 * Applies `change` to the locked `rows`. A move (category or month) refuses a closed month, the one left
 * or the one entered, and re-matches each document to the requirement of its new category and month
 * (docs/api/month.md); its review status stays.
 */
async function moveDocuments(
  trx: Ctx['db'],
  where: ClientIds,
  rows: MediaOwnership[],
  change: MediaChange,
): Promise<number> {
  // A closed month is frozen: nothing of its documents changes, not even a name (the proces-verbal lists them).
  await lockOpenPeriods(trx, where.clientId, [...rows.map((row) => row.period), change.period ?? null]);
  if (change.category_id === undefined && change.period === undefined) {
    return updateLiveMedia(
      trx,
      where,
      rows.map((row) => row.id),
      change,
    );
  }
  const groups = new Map<number | null, number[]>();
  const matched = new Map<string, number | null>();
  for (const row of rows) {
    const categoryId = change.category_id === undefined ? row.category_id : change.category_id;
    const period = change.period === undefined ? row.period : change.period;
    const key = `${categoryId}:${period}`;
    if (!matched.has(key)) matched.set(key, await requirementFor(trx, where, categoryId, period));
    const requirementId = matched.get(key) ?? null;
    groups.set(requirementId, [...(groups.get(requirementId) ?? []), row.id]);
  }
  let count = 0;
  for (const [requirementId, ids] of groups) {
    count += await updateLiveMedia(trx, where, ids, { ...change, requirement_id: requirementId });
  }
  return count;
}

/** media/{mediaId}/update: moves, re-months or renames one document; answers it as the lists show it. */
export async function updateDocument(
  ctx: Ctx,
  scope: TenantScope,
  clientId: number,
  mediaId: number,
  body: UpdateBody,
): Promise<{ message: string; data: PresentedMedia }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const ids = { companyId: client.company_id, clientId: client.id, mediaId };
  const document = await findClientMedia(ctx.db, ids);
  if (!document) throw documentNotFound();
  if (!canEditDocument(scope, document)) throw errors.cannotEditDocument();
  if (body.category_id === undefined && body.period === undefined && body.name === undefined)
    throw errors.field('name', fieldMessages.documents.nothingToChange);
  const change = await moveFields(ctx, client, body);
  if (body.name !== undefined) change.original_name = renamed(body.name, document);
  const where = { companyId: client.company_id, clientId: client.id };
  await ctx.db.transaction().execute(async (trx) => {
    // The client's row before the document's, as every write into a client's months takes them.
    await lockOpenPeriods(trx, client.id, []);
    const rows = await lockLiveMedia(trx, where, [mediaId]);
    if (rows.length !== 1) throw documentNotFound();
    if ((await moveDocuments(trx, where, rows, change)) === 0) throw documentNotFound();
  });
  const fresh = await findClientMedia(ctx.db, ids);
  if (!fresh) throw documentNotFound();
  return { message: 'Documentul a fost actualizat.', data: presentMedia(fresh) };
}

/** media/bulk: move or delete up to 100 documents, all or nothing. */
export async function bulkDocuments(
  ctx: Ctx,
  scope: TenantScope,
  clientId: number,
  body: BulkBody,
): Promise<{ message: string; count: number }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const ids = [...new Set(body.ids)];
  const change = body.action === 'move' ? await moveFields(ctx, client, body) : {};
  if (body.action === 'move' && Object.keys(change).length === 0)
    throw errors.field('category_id', fieldMessages.documents.noMoveTarget);
  const where = { companyId: client.company_id, clientId: client.id };
  const count = await ctx.db.transaction().execute(async (trx) => {
    await lockOpenPeriods(trx, client.id, []);
    const rows = await lockLiveMedia(trx, where, ids);
    if (rows.length !== ids.length) throw documentNotFound();
    if (body.action === 'delete') {
      if (!rows.every((row) => canDeleteDocument(scope.actor, row))) throw errors.cannotDeleteDocument();
      await lockOpenPeriods(
        trx,
        client.id,
        rows.map((row) => row.period),
      );
      return trashLiveMedia(trx, where, ids, scope.actor.id);
    }
    if (!rows.every((row) => canEditDocument(scope, row))) throw errors.cannotEditDocument();
    return moveDocuments(trx, where, rows, change);
  });
  const what = countOf(count, 'document', 'documente');
  return {
    message:
      body.action === 'delete'
        ? `${what} ${count === 1 ? 'a fost mutat' : 'au fost mutate'} în coșul de gunoi.`
        : `${what} ${count === 1 ? 'a fost mutat' : 'au fost mutate'}.`,
    count,
  };
}
