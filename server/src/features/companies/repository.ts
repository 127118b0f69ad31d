import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { NewCompany, NewOwner } from './service.js';

/** The only code that inserts a company: every way a company is born goes through provisionCompany. */
export async function insertCompany(
  db: Db,
  company: Omit<NewCompany, 'cui'> & { cui: string | null },
): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({
      name: company.name,
      cui: company.cui,
      reg_no: company.reg_no ?? null,
      email: company.email,
      phone: company.phone,
      address: company.address ?? null,
      status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The company's owner (role 2); an invited owner has no password until they set one from the e-mailed link. */
export async function insertOwner(db: Db, companyId: number, owner: NewOwner): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: owner.name,
      email: owner.email,
      password_hash: owner.password_hash,
      role: 2,
      company_id: companyId,
      holding_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new company starts with the default category set (holding_id null), as the demo companies do. */
export async function insertDefaultCategories(db: Db, companyId: number, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  await db
    .insertInto('categories')
    .values(names.map((name, position) => ({ company_id: companyId, holding_id: null, name, position })))
    .execute();
}

/** The CUI as compared: upper case, no spaces, no RO prefix. */
export const bareCui = (cui: string): string => cui.toUpperCase().replace(/\s+/g, '').replace(/^RO/, '');

/** The live company that has this CUI (compared without spaces and without the RO prefix), if any. */
export async function findCuiHolder(db: Db, cui: string, exceptCompanyId?: number): Promise<number | undefined> {
  let query = db
    .selectFrom('companies')
    .select('id')
    .where('deleted_at', 'is', null)
    .where(sql<string>`regexp_replace(upper(replace(coalesce(cui, ''), ' ', '')), '^RO', '')`, '=', bareCui(cui));
  if (exceptCompanyId !== undefined) query = query.where('id', '<>', exceptCompanyId);
  const row = await query.orderBy('id').executeTakeFirst();
  return row?.id;
}

/** Whether a live company has this CUI. */
export async function cuiTaken(db: Db, cui: string): Promise<boolean> {
  return (await findCuiHolder(db, cui)) !== undefined;
}

/**
 * Serialises everything that gives a CUI to a company, per CUI, until the caller's transaction ends:
 * two registrations of one CUI can't both see it free.
 */
export async function lockCui(trx: Db, cui: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`cui:${bareCui(cui)}`}, 0))`.execute(trx);
}

export async function setCompanyCui(db: Db, companyId: number, cui: string | null): Promise<void> {
  await db.updateTable('companies').set({ cui, updated_at: new Date() }).where('id', '=', companyId).execute();
}

export async function insertClaim(
  db: Db,
  claim: { cui: string; companyId: number; holderCompanyId: number },
): Promise<number> {
  const row = await db
    .insertInto('cui_claims')
    .values({ cui: claim.cui, company_id: claim.companyId, holder_company_id: claim.holderCompanyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The company's live users (for retiring an unverified owner: does a verified user remain?). */
export async function liveUsersOf(db: Db, companyId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteUser(db: Db, userId: number, now: Date): Promise<void> {
  await db.updateTable('users').set({ deleted_at: now }).where('id', '=', userId).execute();
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}

export async function softDeleteCompany(db: Db, companyId: number, now: Date): Promise<void> {
  await db.updateTable('companies').set({ deleted_at: now }).where('id', '=', companyId).execute();
  // Pending claims made by it lapse with it.
  await db
    .updateTable('cui_claims')
    .set({ status: 'refused', decided_at: now })
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .execute();
}

export async function recordAudit(
  db: Db,
  event: { userId: number | null; action: string; subject: string; ip?: string | null },
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({ user_id: event.userId, action: event.action, subject: event.subject, ip: event.ip ?? null })
    .execute();
}
