import type { Expression, Insertable } from 'kysely';
import { sql } from 'kysely';
import type { MediaTable } from '../../db/schema.js';
import type { Executor } from '../../infra/db.js';

/** A client's document with what the screens and the zip need beside it. */
export interface MediaListRow {
  id: number;
  company_id: number;
  client_id: number | null;
  category_id: number | null;
  category_name: string | null;
  category_position: number | null;
  period: string | null;
  original_name: string;
  mime: string;
  size: number | string;
  sha256: string;
  storage_key: string;
  created_at: Date;
  uploaded_by: number | null;
  uploader_name: string | null;
  /** The holding of the uploader (a holding's person), or null (the company's staff). */
  uploader_holding_id: number | null;
  /** The firm's review: a rejected document was not taken (the zip files it apart). */
  review_status: 'pending' | 'accepted' | 'rejected';
}

export interface MediaFilter {
  /** A value, or a column of the statement around the query (the client read in the same statement). */
  companyId: number | Expression<number>;
  clientId: number;
  period?: string | null;
  categoryId?: number | null;
  ids?: number[] | null;
}

function listQuery(db: Executor, filter: MediaFilter) {
  let query = db
    .selectFrom('media as m')
    // Deleted categories still name the documents filed under them.
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'm.category_id').onRef('c.company_id', '=', 'm.company_id'),
    )
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .select([
      'm.id',
      'm.company_id',
      'm.client_id',
      'm.category_id',
      'c.name as category_name',
      'c.position as category_position',
      'm.period',
      'm.original_name',
      'm.mime',
      'm.size',
      'm.sha256',
      'm.storage_key',
      'm.created_at',
      'm.uploaded_by',
      'u.name as uploader_name',
      'u.holding_id as uploader_holding_id',
      'm.review_status',
    ])
    .where('m.company_id', '=', filter.companyId)
    .where('m.client_id', '=', filter.clientId)
    .where('m.deleted_at', 'is', null);
  if (filter.period) query = query.where('m.period', '=', filter.period);
  if (filter.categoryId) query = query.where('m.category_id', '=', filter.categoryId);
  if (filter.ids) query = query.where('m.id', 'in', filter.ids.length ? filter.ids : [0]);
  return query;
}

/** Newest month first, then by category order and name. */
const inListOrder = (query: ReturnType<typeof listQuery>) =>
  query
    .orderBy(sql`m.period desc nulls last`)
    .orderBy(sql`c.position asc nulls last`)
    .orderBy('c.name')
    .orderBy('m.original_name')
    .orderBy('m.id');

/** The client's live documents matching filter, all of them (a zip, an upload's answer), in list order. */
export async function listClientMedia(db: Executor, filter: MediaFilter): Promise<MediaListRow[]> {
  return inListOrder(listQuery(db, filter)).execute();
}

/** How many documents a client screen lists at most; the filters (month, category) narrow the rest. */
export const DOCUMENTS_SHOWN = 1000;

/**
 * The client's documents for a screen: the first `limit` in list order (read through media_client_live /
 * media_client, then a top-N sort) and one more, which tells that more matched the filter (shownOf).
 */
export function clientMediaPageQuery(db: Executor, filter: MediaFilter, limit = DOCUMENTS_SHOWN) {
  return inListOrder(listQuery(db, filter)).limit(limit + 1);
}

/** The rows a screen lists out of clientMediaPageQuery's, and whether more matched. */
export function shownOf<T>(rows: T[], limit = DOCUMENTS_SHOWN): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

export async function findClientMedia(
  db: Executor,
  ids: { companyId: number; clientId: number; mediaId: number },
): Promise<MediaListRow | undefined> {
  return listQuery(db, { companyId: ids.companyId, clientId: ids.clientId })
    .where('m.id', '=', ids.mediaId)
    .executeTakeFirst();
}

/** Months holding the client's documents, with their counts (`count`), newest first. */
export function clientPeriodsQuery(db: Executor, ids: Pick<MediaFilter, 'companyId' | 'clientId'>) {
  return db
    .selectFrom('media')
    .select(['period', sql<number>`count(*)::int`.as('count')])
    .where('company_id', '=', ids.companyId)
    .where('client_id', '=', ids.clientId)
    .where('deleted_at', 'is', null)
    .where('period', 'is not', null)
    .groupBy('period')
    .orderBy('period', 'desc');
}

export async function insertMedia(trx: Executor, rows: Insertable<MediaTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await trx.insertInto('media').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/** Soft delete (to the trash): the row leaves every list, the stored file stays until retention removes it. */
export async function softDeleteClientMedia(
  db: Executor,
  ids: { companyId: number; clientId: number; mediaId: number },
  deletedBy: number,
): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ deleted_at: new Date(), deleted_by: deletedBy })
    .where('company_id', '=', ids.companyId)
    .where('client_id', '=', ids.clientId)
    .where('id', '=', ids.mediaId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
