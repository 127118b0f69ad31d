import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../infra/db.js';
import type { Database } from '../../../db/schema.js';
import { likePattern } from '../schemas.js';

type Executor = Db | Transaction<Database>;

export interface CompanyUserRow {
  id: number;
  name: string;
  email: string;
  role: 2 | 3;
  created_at: Date;
  last_seen_at: Date | null;
  has_password: boolean;
}

const columns = [
  'id',
  'name',
  'email',
  'role',
  'created_at',
  'last_seen_at',
  sql<boolean>`password_hash is not null`.as('has_password'),
] as const;

function companyUsers(db: Executor, companyId: number) {
  return db
    .selectFrom('users')
    .where('company_id', '=', companyId)
    .where('role', 'in', [2, 3])
    .where('deleted_at', 'is', null);
}

const toRow = (r: {
  id: number;
  name: string;
  email: string;
  role: number;
  created_at: Date;
  last_seen_at: Date | null;
  has_password: boolean;
}): CompanyUserRow => ({
  ...r,
  role: r.role as 2 | 3,
  has_password: Boolean(r.has_password),
});

export async function listCompanyUsers(
  db: Executor,
  q: { companyId: number; search: string; offset: number; limit: number },
): Promise<{ rows: CompanyUserRow[]; total: number }> {
  let base = companyUsers(db, q.companyId);
  if (q.search) {
    const pattern = likePattern(q.search.toLowerCase());
    base = base.where((eb) =>
      eb.or([sql<boolean>`lower(name) like ${pattern}`, sql<boolean>`lower(email) like ${pattern}`]),
    );
  }
  const total = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(columns)
    .orderBy('role')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows: rows.map(toRow), total: Number(total.total) };
}

/** A live role 2/3 user of the company, or undefined (another company's user is "not found"). */
export async function findCompanyUser(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<CompanyUserRow | undefined> {
  const row = await companyUsers(db, companyId).select(columns).where('id', '=', userId).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Locks the company's live owners (until the transaction ends) and answers how many there are. */
export async function lockOwners(trx: Transaction<Database>, companyId: number): Promise<number> {
  const rows = await companyUsers(trx, companyId).select('id').where('role', '=', 2).forUpdate().execute();
  return rows.length;
}

export async function insertCompanyUser(
  db: Executor,
  user: { company_id: number; name: string; email: string; role: 2 | 3 },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, password_hash: null, holding_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCompanyUser(
  db: Executor,
  companyId: number,
  userId: number,
  patch: { name?: string; email?: string; role?: 2 | 3 },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteCompanyUser(db: Executor, companyId: number, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}
