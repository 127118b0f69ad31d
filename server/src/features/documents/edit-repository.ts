import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { MediaTable } from '../../db/schema.js';
import type { Executor } from '../../infra/db.js';
import { handledBySide } from '../access/index.js';

/**
 * The writes behind moving, renaming, bulk actions, the trash and its retention. Every query is
 * filtered by the client's company and id (the caller resolved them through the door's scope).
 */

export interface ClientIds {
  companyId: number;
  clientId: number;
}

/** What a bulk action checks per document: that it is the client's and live, and who uploaded it. */
export interface MediaOwnership {
  id: number;
  category_id: number | null;
  period: string | null;
  size: number | string;
  uploaded_by: number | null;
  uploader_holding_id: number | null;
}

/** The client's live documents among `ids`, locked until the caller's transaction ends. */
export async function lockLiveMedia(trx: Executor, client: ClientIds, ids: number[]): Promise<MediaOwnership[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('media as m')
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .select(['m.id', 'm.category_id', 'm.period', 'm.size', 'm.uploaded_by', 'u.holding_id as uploader_holding_id'])
    .where('m.company_id', '=', client.companyId)
    .where('m.client_id', '=', client.clientId)
    .where('m.deleted_at', 'is', null)
    .where('m.id', 'in', ids)
    .forUpdate('m')
    .execute();
}

export type MediaChange = Pick<Updateable<MediaTable>, 'category_id' | 'period' | 'original_name' | 'requirement_id'>;

/** Moves / renames the client's live documents `ids`; answers how many changed. */
export async function updateLiveMedia(
  trx: Executor,
  client: ClientIds,
  ids: number[],
  change: MediaChange,
): Promise<number> {
  if (ids.length === 0 || Object.keys(change).length === 0) return 0;
  const result = await trx
    .updateTable('media')
    .set(change)
    .where('company_id', '=', client.companyId)
    .where('client_id', '=', client.clientId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sends the client's live documents `ids` to the trash; answers how many went. */
export async function trashLiveMedia(trx: Executor, client: ClientIds, ids: number[], by: number): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('media')
    .set({ deleted_at: new Date(), deleted_by: by })
    .where('company_id', '=', client.companyId)
    .where('client_id', '=', client.clientId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A document of the trash (or a tombstone: purged_at set), with who uploaded and who deleted it. */
export interface TrashRow {
  id: number;
  category_id: number | null;
  category_name: string | null;
  period: string | null;
  original_name: string;
  mime: string;
  size: number | string;
  created_at: Date;
  deleted_at: Date;
  purged_at: Date | null;
  uploaded_by: number | null;
  uploader_name: string | null;
  uploader_holding_id: number | null;
  deleted_by: number | null;
  deleter_name: string | null;
  deleter_holding_id: number | null;
}

function trashQuery(db: Executor, client: ClientIds) {
  return db
    .selectFrom('media as m')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'm.category_id').onRef('c.company_id', '=', 'm.company_id'),
    )
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .leftJoin('users as d', 'd.id', 'm.deleted_by')
    .select([
      'm.id',
      'm.category_id',
      'c.name as category_name',
      'm.period',
      'm.original_name',
      'm.mime',
      'm.size',
      'm.created_at',
      sql<Date>`m.deleted_at`.as('deleted_at'),
      'm.purged_at',
      'm.uploaded_by',
      'u.name as uploader_name',
      'u.holding_id as uploader_holding_id',
      'm.deleted_by',
      'd.name as deleter_name',
      'd.holding_id as deleter_holding_id',
    ])
    .where('m.company_id', '=', client.companyId)
    .where('m.client_id', '=', client.clientId)
    .where('m.deleted_at', 'is not', null);
}

/**
 * The client's trash, newest deletion first (at most `limit`). `holdingId`: only what that holding's
 * people uploaded or deleted. Tombstones (purged) are never listed.
 */
export async function listTrash(
  db: Executor,
  client: ClientIds,
  holdingId: number | null,
  limit: number,
): Promise<TrashRow[]> {
  let query = trashQuery(db, client).where('m.purged_at', 'is', null);
  if (holdingId !== null) {
    query = query.where(handledBySide(holdingId, 'u', 'd'));
  }
  return query.orderBy('m.deleted_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

/** One deleted document of the client (a tombstone included), locked until the transaction ends. */
export async function lockTrashed(trx: Executor, client: ClientIds, mediaId: number): Promise<TrashRow | undefined> {
  return trashQuery(trx, client).where('m.id', '=', mediaId).forUpdate('m').executeTakeFirst();
}

/** Back from the trash: only a deleted row whose file is still there. */
export async function restoreTrashed(trx: Executor, client: ClientIds, mediaId: number): Promise<boolean> {
  const result = await trx
    .updateTable('media')
    .set({ deleted_at: null, deleted_by: null })
    .where('company_id', '=', client.companyId)
    .where('client_id', '=', client.clientId)
    .where('id', '=', mediaId)
    .where('deleted_at', 'is not', null)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Client documents deleted before `cutoff` whose file is still stored, oldest first, locked for the
 * caller's transaction; rows another instance holds are skipped (`for update skip locked`), so two
 * purge jobs never take the same row.
 */
export async function claimExpiredTrash(
  trx: Executor,
  cutoff: Date,
  limit: number,
): Promise<{ id: number; storage_key: string }[]> {
  return trx
    .selectFrom('media')
    .select(['id', 'storage_key'])
    .where('client_id', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .where('purged_at', 'is', null)
    .orderBy('deleted_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markPurged(trx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('media').set({ purged_at: new Date() }).where('id', 'in', ids).execute();
}
