import { sql, type Expression } from 'kysely';
import type { Executor } from '../../infra/db.js';

export interface CategoryRecord {
  id: number;
  company_id: number;
  holding_id: number | null;
  name: string;
  position: number;
}

const columns = ['id', 'company_id', 'holding_id', 'name', 'position'] as const;

/** The live categories of one set: the company default (holdingId null) or one holding's, in order. */
export async function listSet(db: Executor, companyId: number, holdingId: number | null): Promise<CategoryRecord[]> {
  let query = db
    .selectFrom('categories')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  query = holdingId === null ? query.where('holding_id', 'is', null) : query.where('holding_id', '=', holdingId);
  return query.orderBy('position').orderBy('id').execute();
}

/**
 * The set that applies to a holding: its own when it has one, else the
 * company default (`inherited` true). For holdingId null: the default set.
 */
export async function effectiveSet(
  db: Executor,
  companyId: number,
  holdingId: number | null,
): Promise<{ categories: CategoryRecord[]; inherited: boolean }> {
  const categories = await effectiveSetQuery(db, companyId, holdingId).execute();
  return { categories, inherited: inheritedSet(holdingId, categories) };
}

/**
 * effectiveSet's categories in one query: the holding's own live set when it has one, else the default set.
 * The company and the holding may be values or columns of the statement around it (a client read in the
 * same statement, clients/view.repository.ts); a holding column that is null gives the default set, as
 * null does.
 */
export function effectiveSetQuery(
  db: Executor,
  companyId: number | Expression<number>,
  holdingId: number | null | Expression<number | null>,
) {
  return db
    .selectFrom('categories as s')
    .select(columns.map((c) => `s.${c}` as const))
    .where('s.company_id', '=', companyId)
    .where('s.deleted_at', 'is', null)
    .where((eb) => {
      if (holdingId === null) return eb('s.holding_id', 'is', null);
      const ownSet = eb.exists(
        eb
          .selectFrom('categories as o')
          .select('o.id')
          .where('o.company_id', '=', companyId)
          .where('o.holding_id', '=', holdingId)
          .where('o.deleted_at', 'is', null),
      );
      return eb.or([eb('s.holding_id', '=', holdingId), eb.and([eb('s.holding_id', 'is', null), eb.not(ownSet)])]);
    })
    .orderBy('s.position')
    .orderBy('s.id');
}

/** Whether the set effectiveSetQuery answered for `holdingId` is the company default standing in for the holding's. */
export const inheritedSet = (holdingId: number | null, categories: Pick<CategoryRecord, 'holding_id'>[]): boolean =>
  holdingId !== null && !categories.some((c) => c.holding_id !== null);

/**
 * Whether `categoryId` is in the set that applies to a client of `holdingId` at the company (the one
 * effectiveSet() lists), in one query: the holding's own set when it has one, else the default set.
 */
export async function inEffectiveSet(
  db: Executor,
  companyId: number,
  holdingId: number | null,
  categoryId: number,
): Promise<boolean> {
  const row = await effectiveSetQuery(db, companyId, holdingId)
    .clearOrderBy()
    .where('s.id', '=', categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findCategory(
  db: Executor,
  companyId: number,
  categoryId: number,
): Promise<CategoryRecord | undefined> {
  return db
    .selectFrom('categories')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a live category of the same set already has this name (case-insensitive). */
export async function nameTaken(
  db: Executor,
  companyId: number,
  holdingId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  query = holdingId === null ? query.where('holding_id', 'is', null) : query.where('holding_id', '=', holdingId);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertCategories(
  db: Executor,
  rows: { company_id: number; holding_id: number | null; name: string; position: number }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('categories').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export async function renameCategory(db: Executor, companyId: number, categoryId: number, name: string): Promise<void> {
  await db
    .updateTable('categories')
    .set({ name, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Soft delete: documents keep their category_id (and still show its name). */
export async function softDeleteCategory(db: Executor, companyId: number, categoryId: number): Promise<boolean> {
  const result = await db
    .updateTable('categories')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** position = index in ids, for categories of the company only. */
export async function setPositions(db: Executor, companyId: number, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable('categories')
      .set({ position, updated_at: new Date() })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}
