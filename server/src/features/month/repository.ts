import { sql } from 'kysely';
import type { Frequency, RequirementSource } from '../../db/schema-month.js';
import type { Executor } from '../../infra/db.js';
import { clientVisibleTo } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import type { DefaultFields } from './defaults-repository.js';

/** The firm's default set, a client's requirements and profile (the month's writes that are not a month's). */

/** A PostgreSQL array literal of values already checked (ids, YYYY-MM months). */
export const pgArray = (values: (string | number)[]) => `{${values.join(',')}}`;

/** A live client the caller's tenant may work on, with what its months need. */
export interface MonthClient {
  id: number;
  company_id: number;
  holding_id: number | null;
  name: string;
  bank_accounts: string[];
  has_employees: boolean;
  has_cash_register: boolean;
  due_day: number | null;
  company_due_day: number;
  created_at: Date;
}

const clientColumns = [
  'c.id',
  'c.company_id',
  'c.holding_id',
  'c.name',
  'c.bank_accounts',
  'c.has_employees',
  'c.has_cash_register',
  'c.due_day',
  'co.due_day as company_due_day',
  'c.created_at',
] as const;

/**
 * The client when the scope may see it (the access feature's clientVisibleTo); `lock` holds its row to the end of
 * the transaction (share: uploads and reviews; update: a close, a profile change).
 */
export async function findMonthClient(
  db: Executor,
  scope: Pick<TenantScope, 'kind' | 'id' | 'firm'>,
  clientId: number,
  lock?: 'share' | 'update',
): Promise<MonthClient | undefined> {
  let query = monthClientQuery(db, scope, clientId);
  if (lock === 'share') query = query.forShare('c');
  // As lockClientRow: rows that only refer to the client are not held up.
  if (lock === 'update') query = query.forNoKeyUpdate('c');
  return query.executeTakeFirst();
}

function monthClientQuery(db: Executor, scope: Pick<TenantScope, 'kind' | 'id' | 'firm'>, clientId: number) {
  return db
    .selectFrom('clients as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select(clientColumns)
    .where('c.id', '=', clientId)
    .where(clientVisibleTo(scope, 'c'));
}

export interface RequirementRow {
  id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  frequency: Frequency;
  details: string | null;
  source: RequirementSource;
  default_id: number | null;
  position: number;
  starts_period: string;
}

function requirementsQuery(db: Executor, client: { companyId: number; clientId: number }) {
  return db
    .selectFrom('requirements as r')
    .leftJoin('categories as k', 'k.id', 'r.category_id')
    .select([
      'r.id',
      'r.name',
      'r.category_id',
      'k.name as category_name',
      'r.frequency',
      'r.details',
      'r.source',
      'r.default_id',
      'r.position',
      'r.starts_period',
    ])
    .where('r.company_id', '=', client.companyId)
    .where('r.client_id', '=', client.clientId)
    .where('r.deleted_at', 'is', null);
}

/** The client's live requirements, by position. */
export async function listRequirements(
  db: Executor,
  client: { companyId: number; clientId: number },
): Promise<RequirementRow[]> {
  return requirementsQuery(db, client).orderBy('r.position').orderBy('r.id').execute();
}

export async function findRequirement(
  db: Executor,
  client: { companyId: number; clientId: number },
  id: number,
): Promise<RequirementRow | undefined> {
  return requirementsQuery(db, client).where('r.id', '=', id).executeTakeFirst();
}

export interface NewRequirement {
  company_id: number;
  client_id: number;
  name: string;
  category_id: number | null;
  frequency: Frequency;
  details: string | null;
  source: RequirementSource;
  default_id: number | null;
  position: number;
  starts_period: string;
}

export async function insertRequirements(db: Executor, rows: NewRequirement[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return (await db.insertInto('requirements').values(rows).returning('id').execute()).map((r) => r.id);
}

/** The next position after the client's requirements. */
export async function nextRequirementPosition(db: Executor, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('requirements')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export async function updateRequirement(
  db: Executor,
  client: { companyId: number; clientId: number },
  id: number,
  fields: Omit<DefaultFields, 'applies'>,
): Promise<boolean> {
  if (Object.keys(fields).length === 0) return (await findRequirement(db, client, id)) !== undefined;
  const result = await db
    .updateTable('requirements')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', client.companyId)
    .where('client_id', '=', client.clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Owed no more from `period` on (earlier months keep it). */
export async function endRequirements(
  db: Executor,
  client: { companyId: number; clientId: number },
  ids: number[],
  period: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('requirements')
    .set({ deleted_at: new Date(), ends_period: period })
    .where('id', 'in', ids)
    .where('company_id', '=', client.companyId)
    .where('client_id', '=', client.clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateProfile(
  db: Executor,
  clientId: number,
  profile: { bank_accounts?: string[]; has_employees?: boolean; has_cash_register?: boolean; due_day?: number | null },
): Promise<void> {
  if (Object.keys(profile).length === 0) return;
  await db.updateTable('clients').set(profile).where('id', '=', clientId).execute();
}

/**
 * Locks the client's row to the end of the transaction (share: a write into its months; update: a close,
 * which waits for those writes and they for it). `for no key update` for a close, as for a tenant
 * (billing's lockTenantRows): rows referring to the client are not held up by it.
 */
export async function lockClientRow(db: Executor, clientId: number, mode: 'share' | 'update'): Promise<void> {
  const query = db.selectFrom('clients').select('id').where('id', '=', clientId);
  await (mode === 'share' ? query.forShare() : query.forNoKeyUpdate()).execute();
}
