import { sql } from 'kysely';
import type { Applies, Frequency } from '../../db/schema-month.js';
import type { Executor } from '../../infra/db.js';

/** The firm's default set and due day (company door), and what a new company starts with. */

export async function findCompanyDueDay(db: Executor, companyId: number): Promise<number> {
  const row = await db.selectFrom('companies').select('due_day').where('id', '=', companyId).executeTakeFirst();
  return row?.due_day ?? 5;
}

export async function updateCompanyDueDay(db: Executor, companyId: number, dueDay: number): Promise<void> {
  await db.updateTable('companies').set({ due_day: dueDay }).where('id', '=', companyId).execute();
}

/** Whether the category is one of the firm's own (not a set it keeps for a holding), live. */
export async function isCompanyCategory(db: Executor, companyId: number, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('company_id', '=', companyId)
    .where('holding_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface DefaultRow {
  id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  frequency: Frequency;
  details: string | null;
  applies: Applies;
  position: number;
}

function defaultsQuery(db: Executor, companyId: number) {
  return db
    .selectFrom('requirement_defaults as d')
    .leftJoin('categories as k', 'k.id', 'd.category_id')
    .select([
      'd.id',
      'd.name',
      'd.category_id',
      'k.name as category_name',
      'd.frequency',
      'd.details',
      'd.applies',
      'd.position',
    ])
    .where('d.company_id', '=', companyId)
    .where('d.deleted_at', 'is', null);
}

export async function listDefaults(db: Executor, companyId: number): Promise<DefaultRow[]> {
  return defaultsQuery(db, companyId).orderBy('d.position').orderBy('d.id').execute();
}

export async function findDefault(db: Executor, companyId: number, id: number): Promise<DefaultRow | undefined> {
  return defaultsQuery(db, companyId).where('d.id', '=', id).executeTakeFirst();
}

export interface DefaultFields {
  name?: string;
  category_id?: number | null;
  frequency?: Frequency;
  details?: string | null;
  applies?: Applies;
}

export async function insertDefault(
  db: Executor,
  companyId: number,
  fields: DefaultFields & { name: string; frequency: Frequency },
): Promise<number> {
  const row = await db
    .insertInto('requirement_defaults')
    .values({
      company_id: companyId,
      name: fields.name,
      category_id: fields.category_id ?? null,
      frequency: fields.frequency,
      details: fields.details ?? null,
      applies: fields.applies ?? 'always',
      position: sql<number>`(select coalesce(max(position), -1) + 1 from requirement_defaults where company_id = ${companyId})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDefault(
  db: Executor,
  companyId: number,
  id: number,
  fields: DefaultFields,
): Promise<boolean> {
  if (Object.keys(fields).length === 0) return (await findDefault(db, companyId, id)) !== undefined;
  const result = await db
    .updateTable('requirement_defaults')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDefault(db: Executor, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('requirement_defaults')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The firm's own live categories by name (the first by position when two share a name). */
export async function companyCategoryIds(db: Executor, companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('holding_id', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function insertDefaults(
  db: Executor,
  rows: {
    company_id: number;
    name: string;
    category_id: number | null;
    frequency: Frequency;
    applies: Applies;
    position: number;
  }[],
): Promise<void> {
  if (rows.length) await db.insertInto('requirement_defaults').values(rows).execute();
}
