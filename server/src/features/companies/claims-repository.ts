import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';

/** CUI claims (cui_claims): a company born with a CUI another live company has, waiting for the platform admin. */

export type ClaimStatus = 'pending' | 'granted' | 'refused';

/** A company's first live owner (role 2) and whether their address is verified. */
const ownerOf = (companyColumn: 'cl.company_id' | 'cl.holder_company_id', field: 'email' | 'name' | 'verified') =>
  sql<string | boolean | null>`(
    select ${field === 'verified' ? sql`u.email_verified_at is not null` : sql.ref(`u.${field}`)}
    from users u
    where u.company_id = ${sql.ref(companyColumn)} and u.role = 2 and u.deleted_at is null
    order by u.id limit 1)`;

function claims(db: Db) {
  return db
    .selectFrom('cui_claims as cl')
    .innerJoin('companies as c', 'c.id', 'cl.company_id')
    .leftJoin('companies as h', 'h.id', 'cl.holder_company_id')
    .leftJoin('users as d', 'd.id', 'cl.decided_by')
    .select([
      'cl.id',
      'cl.cui',
      'cl.status',
      'cl.created_at',
      'cl.decided_at',
      'd.name as decided_by_name',
      'c.id as claimant_id',
      'c.name as claimant_name',
      'c.cui as claimant_cui',
      'c.deleted_at as claimant_deleted_at',
      ownerOf('cl.company_id', 'email').as('claimant_owner_email'),
      ownerOf('cl.company_id', 'name').as('claimant_owner_name'),
      ownerOf('cl.company_id', 'verified').as('claimant_owner_verified'),
      'h.id as holder_id',
      'h.name as holder_name',
      'h.cui as holder_cui',
      'h.deleted_at as holder_deleted_at',
      ownerOf('cl.holder_company_id', 'email').as('holder_owner_email'),
      ownerOf('cl.holder_company_id', 'name').as('holder_owner_name'),
      ownerOf('cl.holder_company_id', 'verified').as('holder_owner_verified'),
    ]);
}

export type ClaimRow = Awaited<ReturnType<typeof findClaim>> & object;

export async function listClaims(
  db: Db,
  options: { status: ClaimStatus | null; page: number; perPage: number },
): Promise<{ rows: ClaimRow[]; total: number }> {
  let query = claims(db);
  let count = db.selectFrom('cui_claims as cl').select(sql<number>`count(*)::int`.as('total'));
  if (options.status) {
    query = query.where('cl.status', '=', options.status);
    count = count.where('cl.status', '=', options.status);
  }
  const rows = await query
    .orderBy('cl.created_at', 'desc')
    .orderBy('cl.id', 'desc')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, total: (await count.executeTakeFirstOrThrow()).total };
}

export async function findClaim(db: Db, id: number) {
  return claims(db).where('cl.id', '=', id).executeTakeFirst();
}

/** Moves a pending claim to its decision in one statement (two admins at once: one wins). */
export async function decideClaim(
  db: Db,
  id: number,
  decision: { status: 'granted' | 'refused'; by: number; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('cui_claims')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
