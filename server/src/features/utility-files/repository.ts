import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { MediaTable } from '../../db/schema.js';
import { foldedLike } from '../../db/search.js';
import type { Db, Executor } from '../../infra/db.js';
import { fold, likePattern } from '../../lib/search-text.js';
import { utilityFileVisibleTo } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';

type Scope = Pick<TenantScope, 'kind' | 'id' | 'firm'>;

export interface UtilRow {
  id: number;
  company_id: number;
  company_name: string;
  media_id: number;
  title: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
  original_name: string;
  mime: string;
  size: number | string;
  storage_key: string;
}

export type UtilSort = 'title' | 'created_at';

/** The live utility files a tenant sees (the access feature's utilityFileVisibleTo), with their current file. */
function scopedUtils(db: Executor, scope: Scope) {
  return db
    .selectFrom('utility_files as u')
    .innerJoin('media as m', (join) => join.onRef('m.id', '=', 'u.media_id').onRef('m.company_id', '=', 'u.company_id'))
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .where(utilityFileVisibleTo(scope, 'u'))
    .where('m.deleted_at', 'is', null)
    .where('m.client_id', 'is', null);
}

const columns = [
  'u.id',
  'u.company_id',
  'co.name as company_name',
  'u.media_id',
  'u.title',
  'u.description',
  'u.created_at',
  'u.updated_at',
  'm.original_name',
  'm.mime',
  'm.size',
  'm.storage_key',
] as const;

const matches = (column: string, search: string) =>
  foldedLike(column, likePattern(fold(search))) as Expression<SqlBool>;

export async function listUtils(
  db: Executor,
  scope: Scope,
  q: { search: string; offset: number; limit: number; sort: UtilSort; direction: 'asc' | 'desc'; companyId?: number },
): Promise<{ rows: UtilRow[]; total: number }> {
  let base = scopedUtils(db, scope);
  if (q.companyId) base = base.where('u.company_id', '=', q.companyId);
  if (q.search) {
    const search = q.search;
    // Title, description and file name, ignoring case and Romanian diacritics.
    base = base.where((eb) =>
      eb.or([matches('u.title', search), matches('u.description', search), matches('m.original_name', search)]),
    );
  }
  const total = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(columns)
    .orderBy(q.sort === 'title' ? sql`lower(u.title)` : sql`u.created_at`, q.direction)
    .orderBy('u.id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows, total: Number(total.total) };
}

/** A live utility file of the company, by its id (what the company's edits address). */
export async function findUtil(db: Executor, companyId: number, utilId: number): Promise<UtilRow | undefined> {
  return scopedUtils(db, { kind: 'company', id: companyId, firm: null })
    .select(columns)
    .where('u.id', '=', utilId)
    .executeTakeFirst();
}

/** The live utility file in the scope whose current file is mediaId (utils/{mediaId} downloads by media id). */
export async function findUtilByMedia(db: Executor, scope: Scope, mediaId: number): Promise<UtilRow | undefined> {
  return scopedUtils(db, scope).select(columns).where('u.media_id', '=', mediaId).executeTakeFirst();
}

type MediaValues = Insertable<MediaTable>;

/** A new utility file and its file's row, in the caller's transaction (the one holding the tenant's lock). */
export async function insertUtil(
  trx: Db,
  media: MediaValues,
  util: { company_id: number; title: string; description: string | null },
): Promise<number> {
  const { id: mediaId } = await trx.insertInto('media').values(media).returning('id').executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('utility_files')
    .values({ ...util, media_id: mediaId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes a utility file's title / description and, with `replacement`, its file: the new file's row
 * is written and the old one soft-deleted (its stored file stays for retention), in the caller's transaction.
 */
export async function updateUtil(
  trx: Db,
  existing: { company_id: number; id: number; media_id: number },
  patch: { title?: string; description?: string | null },
  replacement?: MediaValues,
): Promise<void> {
  let mediaId: number | undefined;
  if (replacement) {
    ({ id: mediaId } = await trx.insertInto('media').values(replacement).returning('id').executeTakeFirstOrThrow());
    await softDeleteMedia(trx, existing.company_id, existing.media_id);
  }
  await trx
    .updateTable('utility_files')
    .set({ ...patch, ...(mediaId ? { media_id: mediaId } : {}), updated_at: new Date() })
    .where('company_id', '=', existing.company_id)
    .where('id', '=', existing.id)
    .where('deleted_at', 'is', null)
    .execute();
}

async function softDeleteMedia(db: Executor, companyId: number, mediaId: number): Promise<void> {
  await db
    .updateTable('media')
    .set({ deleted_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', mediaId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Soft delete of the utility file and its file's row (the stored file stays for retention). */
export async function softDeleteUtil(db: Db, existing: { company_id: number; id: number; media_id: number }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('utility_files')
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where('company_id', '=', existing.company_id)
      .where('id', '=', existing.id)
      .where('deleted_at', 'is', null)
      .execute();
    await softDeleteMedia(trx, existing.company_id, existing.media_id);
  });
}
