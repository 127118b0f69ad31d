import { type Expression, type SqlBool, sql } from 'kysely';
import { fold, foldedLike, likePattern } from '../company/schemas.js';
import type { Db } from '../../infra/db.js';

/**
 * The only code of the holding feature that touches Kysely. Every query is
 * scoped to one holding: a client counts only when clients.holding_id is the
 * holding AND its company is still linked to the holding (company_holding).
 */

export type Direction = 'asc' | 'desc';

export interface Page {
  page: number;
  perPage: number;
  search?: string;
  direction: Direction;
}

/**
 * `column` contains `search`, ignoring case and Romanian diacritics (as the company area searches);
 * on clients.name it is the expression of the trigram index clients_name_trgm.
 */
const matches = (column: string, search: string) =>
  foldedLike(column, likePattern(fold(search))) as Expression<SqlBool>;

// ---- holding users -------------------------------------------------------

export interface UtilityRow {
  id: number;
  media_id: number;
  title: string;
  description: string | null;
  company_id: number;
  company_name: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: Date;
  updated_at: Date;
}

function scopedUtils(db: Db, holdingId: number) {
  return db
    .selectFrom('utility_files as uf')
    .innerJoin('media as m', (join) =>
      join.onRef('m.id', '=', 'uf.media_id').onRef('m.company_id', '=', 'uf.company_id'),
    )
    .innerJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'uf.company_id').on('ch.holding_id', '=', holdingId),
    )
    .innerJoin('companies as co', 'co.id', 'uf.company_id')
    .where('uf.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .where('m.client_id', 'is', null)
    .where('co.deleted_at', 'is', null);
}

export async function listUtils(
  db: Db,
  holdingId: number,
  options: Page & { sort: 'title' | 'created_at'; companyId?: number },
): Promise<{ rows: UtilityRow[]; total: number }> {
  let query = scopedUtils(db, holdingId);
  if (options.companyId) query = query.where('uf.company_id', '=', options.companyId);
  if (options.search) {
    const search = options.search;
    query = query.where((eb) =>
      eb.or([matches('uf.title', search), matches('uf.description', search), matches('m.original_name', search)]),
    );
  }
  const total = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'uf.id',
      'uf.media_id',
      'uf.title',
      'uf.description',
      'uf.company_id',
      'co.name as company_name',
      'm.original_name',
      'm.mime',
      'm.size',
      'uf.created_at',
      'uf.updated_at',
    ])
    .orderBy(options.sort === 'title' ? sql`lower(uf.title)` : sql`uf.created_at`, options.direction)
    .orderBy('uf.id')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows: rows.map((r) => ({ ...r, size: Number(r.size) })), total: total.total };
}

/** The media row of a utility file of a company linked to the holding (what a download needs). */
export async function findUtilityMedia(
  db: Db,
  holdingId: number,
  mediaId: number,
): Promise<{ original_name: string; mime: string; size: number | string; storage_key: string } | undefined> {
  return scopedUtils(db, holdingId)
    .select(['m.original_name', 'm.mime', 'm.size', 'm.storage_key'])
    .where('m.id', '=', mediaId)
    .executeTakeFirst();
}
