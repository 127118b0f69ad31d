import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { withTenantsLocked } from '../billing/index.js';
import { canSeeTrashed, loadScopedClient, trashSideOf } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { lockOpenPeriods } from '../month/index.js';
import { listTrash, lockTrashed, restoreTrashed, type TrashRow } from './edit-repository.js';
import { documentNotFound } from './service.js';
import { assertFits, storageTenants } from './storage-limits.js';

/**
 * A client's trash: documents deleted (softly) within the retention period (TRASH_RETENTION_DAYS),
 * who deleted them and when; a restore brings one back to the lists if the plan's storage still has
 * room for it. After the retention the purge job (trash-purge.ts) removes the file and the row stays
 * as a tombstone: never listed, a restore answers 410.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** How many deleted documents the trash lists at most (newest deletion first). */
export const TRASH_SHOWN = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

export const trashItemSchema = {
  type: 'object',
  required: ['id', 'name', 'category_id', 'period', 'mime', 'size', 'created_at', 'deleted_at', 'purges_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    category_id: { type: ['integer', 'null'] },
    category: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    period: { type: ['string', 'null'] },
    mime: { type: 'string' },
    size: { type: 'integer' },
    created_at: { type: 'string' },
    deleted_at: { type: 'string' },
    /** When the purge job removes it for good. */
    purges_at: { type: 'string' },
    uploaded_by: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    deleted_by: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
  },
} as const;

function presentTrashed(row: TrashRow, retentionDays: number) {
  const deletedAt = new Date(row.deleted_at);
  return {
    id: row.id,
    name: row.original_name,
    category_id: row.category_id,
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    period: row.period === null ? null : row.period.trim(),
    mime: row.mime,
    size: Number(row.size),
    created_at: new Date(row.created_at).toISOString(),
    deleted_at: deletedAt.toISOString(),
    purges_at: new Date(deletedAt.getTime() + retentionDays * DAY_MS).toISOString(),
    uploaded_by:
      row.uploaded_by !== null && row.uploader_name !== null ? { id: row.uploaded_by, name: row.uploader_name } : null,
    deleted_by:
      row.deleted_by !== null && row.deleter_name !== null ? { id: row.deleted_by, name: row.deleter_name } : null,
  };
}

/** trash: the client's deleted documents the caller may see (a holding: what its side uploaded or deleted). */
export async function listClientTrash(ctx: Ctx, scope: TenantScope, clientId: number) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const side = trashSideOf(scope);
  const where = { companyId: client.company_id, clientId: client.id };
  const rows = side ? await listTrash(ctx.db, where, side.holdingId, TRASH_SHOWN) : [];
  return {
    retention_days: ctx.config.trashRetentionDays,
    data: rows.map((row) => presentTrashed(row, ctx.config.trashRetentionDays)),
  };
}

/**
 * media/{mediaId}/restore: under the tenants' locks (like an upload), so a restore and parallel
 * uploads never pass the plan's storage together; 410 once the retention removed the file.
 */
export async function restoreDocument(
  ctx: Ctx,
  scope: TenantScope,
  clientId: number,
  mediaId: number,
): Promise<{ message: string }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const where = { companyId: client.company_id, clientId: client.id };
  const tenants = storageTenants(scope, client.company_id);
  await withTenantsLocked(ctx.db, tenants, async (trx) => {
    await lockOpenPeriods(trx, client.id, []); // the client's row before the document's
    const row = await lockTrashed(trx, where, mediaId);
    if (!row) throw documentNotFound();
    if (!canSeeTrashed(scope, row)) throw errors.cannotRestoreDocument();
    if (row.purged_at !== null) throw errors.documentPurged();
    await lockOpenPeriods(trx, client.id, [row.period]);
    await assertFits(trx, tenants, Number(row.size));
    if (!(await restoreTrashed(trx, where, mediaId))) throw documentNotFound();
  });
  return { message: 'Documentul a fost restaurat.' };
}
