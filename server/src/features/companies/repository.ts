import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { NewCompany, NewOwner } from './service.js';

/** The only code that inserts a company: every way a company is born goes through provisionCompany. */
export async function insertCompany(db: Db, company: NewCompany): Promise<number> {
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

/** Whether a live company has this CUI, compared without spaces and without the RO prefix. */
export async function cuiTaken(db: Db, cui: string): Promise<boolean> {
  const bare = cui.toUpperCase().replace(/\s+/g, '').replace(/^RO/, '');
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('deleted_at', 'is', null)
    .where(sql<string>`regexp_replace(upper(replace(coalesce(cui, ''), ' ', '')), '^RO', '')`, '=', bare)
    .executeTakeFirst();
  return row !== undefined;
}
