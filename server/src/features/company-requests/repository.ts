import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';

/** The only code of the company-request feature that touches Kysely. */

export type RequestStatus = 'pending' | 'confirmed' | 'rejected';

export interface CompanyRequestRow {
  id: number;
  holding_id: number;
  holding_name: string;
  name: string;
  cui: string;
  email: string;
  status: RequestStatus;
  expires_at: Date;
  created_by: number | null;
  company_id: number | null;
  created_at: Date;
  decided_at: Date | null;
}

export async function insertRequest(
  db: Db,
  request: {
    hashSha256: string;
    holdingId: number;
    name: string;
    cui: string;
    email: string;
    expiresAt: Date;
    createdBy: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('company_requests')
    .values({
      hash_sha256: request.hashSha256,
      holding_id: request.holdingId,
      name: request.name,
      cui: request.cui,
      email: request.email,
      expires_at: request.expiresAt,
      created_by: request.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function withHolding(db: Db) {
  return db
    .selectFrom('company_requests as r')
    .innerJoin('holdings as h', 'h.id', 'r.holding_id')
    .select([
      'r.id',
      'r.holding_id',
      'h.name as holding_name',
      'r.name',
      'r.cui',
      'r.email',
      'r.status',
      'r.expires_at',
      'r.created_by',
      'r.company_id',
      'r.created_at',
      'r.decided_at',
    ]);
}

export async function findByHash(db: Db, hashSha256: string): Promise<CompanyRequestRow | undefined> {
  return withHolding(db).where('r.hash_sha256', '=', hashSha256).where('h.deleted_at', 'is', null).executeTakeFirst();
}

export async function findInHolding(
  db: Db,
  holdingId: number,
  requestId: number,
): Promise<CompanyRequestRow | undefined> {
  return withHolding(db).where('r.holding_id', '=', holdingId).where('r.id', '=', requestId).executeTakeFirst();
}

export async function listForHolding(
  db: Db,
  holdingId: number,
  options: { page: number; perPage: number; status?: RequestStatus },
): Promise<{ rows: CompanyRequestRow[]; total: number }> {
  let count = db.selectFrom('company_requests as r').where('r.holding_id', '=', holdingId);
  let query = withHolding(db).where('r.holding_id', '=', holdingId);
  if (options.status) {
    count = count.where('r.status', '=', options.status);
    query = query.where('r.status', '=', options.status);
  }
  const total = await count.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, total: total.total };
}

/**
 * Moves a pending, unexpired request to its final state in one statement, so
 * a hash works once even when two people click at the same moment. Answers
 * whether this call made the change.
 */
export async function decide(db: Db, requestId: number, status: 'confirmed' | 'rejected', now: Date): Promise<boolean> {
  const result = await db
    .updateTable('company_requests')
    .set({ status, decided_at: now })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setCompany(db: Db, requestId: number, companyId: number): Promise<void> {
  await db.updateTable('company_requests').set({ company_id: companyId }).where('id', '=', requestId).execute();
}

/** A live account with this e-mail, with its company (for the "existing owner" case). */
export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', (join) => join.onRef('c.id', '=', 'u.company_id').on('c.deleted_at', 'is', null))
    .select([
      'u.id',
      'u.role',
      'u.company_id',
      'c.id as live_company_id',
      'c.name as company_name',
      sql<boolean>`u.email_verified_at is not null`.as('email_verified'),
    ])
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether the company already works with the holding. */
export async function isLinked(db: Db, companyId: number, holdingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company_holding')
    .select('company_id')
    .where('company_id', '=', companyId)
    .where('holding_id', '=', holdingId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function linkCompany(db: Db, companyId: number, holdingId: number): Promise<void> {
  await db
    .insertInto('company_holding')
    .values({ company_id: companyId, holding_id: holdingId })
    .onConflict((oc) => oc.columns(['company_id', 'holding_id']).doNothing())
    .execute();
}

export async function findUserContact(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', sql<boolean>`email_verified_at is not null`.as('email_verified')])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
