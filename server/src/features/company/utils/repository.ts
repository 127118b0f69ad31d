import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../infra/db.js';
import type { Database } from '../../../db/schema.js';
import { likePattern } from '../schemas.js';

type Executor = Db | Transaction<Database>;

export interface UtilRow {
  id: number;
  company_id: number;
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

function liveUtils(db: Executor, companyId: number) {
  return db
    .selectFrom('utility_files as u')
    .innerJoin('media as m', (join) => join.onRef('m.id', '=', 'u.media_id').onRef('m.company_id', '=', 'u.company_id'))
    .where('u.company_id', '=', companyId)
    .where('u.deleted_at', 'is', null);
}

const columns = [
  'u.id',
  'u.company_id',
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

export async function listUtils(
  db: Executor,
  q: { companyId: number; search: string; offset: number; limit: number },
): Promise<{ rows: UtilRow[]; total: number }> {
  let base = liveUtils(db, q.companyId);
  if (q.search) {
    const pattern = likePattern(q.search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.title) like ${pattern}`,
        sql<boolean>`lower(coalesce(u.description, '')) like ${pattern}`,
      ]),
    );
  }
  const total = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(columns)
    .orderBy(sql`lower(u.title)`)
    .orderBy('u.id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows, total: Number(total.total) };
}

export async function findUtil(db: Executor, companyId: number, utilId: number): Promise<UtilRow | undefined> {
  return liveUtils(db, companyId).select(columns).where('u.id', '=', utilId).executeTakeFirst();
}

/** The live utility file whose current file is mediaId (utils/{mediaId} downloads by media id, SPEC §7). */
export async function findUtilByMedia(db: Executor, companyId: number, mediaId: number): Promise<UtilRow | undefined> {
  return liveUtils(db, companyId)
    .select(columns)
    .where('u.media_id', '=', mediaId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertUtil(
  db: Executor,
  util: { company_id: number; media_id: number; title: string; description: string | null },
): Promise<number> {
  const row = await db.insertInto('utility_files').values(util).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUtil(
  db: Executor,
  companyId: number,
  utilId: number,
  patch: { title?: string; description?: string | null; media_id?: number },
): Promise<void> {
  await db
    .updateTable('utility_files')
    .set({ ...patch, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', utilId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteMedia(db: Executor, companyId: number, mediaId: number): Promise<void> {
  await db
    .updateTable('media')
    .set({ deleted_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', mediaId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteUtil(db: Executor, companyId: number, utilId: number): Promise<void> {
  await db
    .updateTable('utility_files')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', utilId)
    .where('deleted_at', 'is', null)
    .execute();
}
