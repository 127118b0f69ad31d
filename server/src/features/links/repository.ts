import { sql } from 'kysely';
import { foldedLike } from '../../db/search.js';
import { likePattern } from '../../lib/search-text.js';
import type { Executor } from '../../infra/db.js';
import { firmInView } from '../access/index.js';

/**
 * The links between companies and holdings (company_holding), read from either side. A link ends
 * without touching anything else: the company's clients keep their holding_id and documents (shown
 * outside any holding while unlinked), so linking the two again restores everything.
 */

export interface LinkedHolding {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
}

/** The holding when it is live and linked to the company; undefined otherwise (never another company's view of it). */
export async function findLinkedHolding(
  db: Executor,
  companyId: number,
  holdingId: number,
): Promise<LinkedHolding | undefined> {
  return db
    .selectFrom('holdings as h')
    .innerJoin('company_holding as ch', 'ch.holding_id', 'h.id')
    .select(['h.id', 'h.name', 'h.cui', 'h.email'])
    .where('ch.company_id', '=', companyId)
    .where('h.id', '=', holdingId)
    .where('h.deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface HoldingListQuery {
  companyId: number;
  search: string;
  offset: number;
  limit: number;
  sort: 'name' | 'created_at';
  direction: 'asc' | 'desc';
}

export interface HoldingListRow extends LinkedHolding {
  linked_at: Date;
  clients_count: number;
  users_count: number;
  admins_count: number;
  categories_count: number;
}

function filtered(db: Executor, q: Pick<HoldingListQuery, 'companyId' | 'search'>) {
  let query = db
    .selectFrom('holdings as h')
    .innerJoin('company_holding as ch', 'ch.holding_id', 'h.id')
    .where('ch.company_id', '=', q.companyId)
    .where('h.deleted_at', 'is', null);
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) =>
      eb.or([foldedLike('h.name', pattern), sql<boolean>`lower(coalesce(h.cui, '')) like ${pattern}`]),
    );
  }
  return query;
}

/** The company's holdings with this company's clients in each, their users and their own category set size. */
export async function listLinkedHoldings(
  db: Executor,
  q: HoldingListQuery,
): Promise<{ rows: HoldingListRow[]; total: number }> {
  const totalRow = await filtered(db, q)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  const dir = q.direction === 'desc' ? sql`desc` : sql`asc`;
  const rows = await filtered(db, q)
    .select([
      'h.id',
      'h.name',
      'h.cui',
      'h.email',
      'ch.created_at as linked_at',
      // The trigger-kept counter (migration 050): one row, not every client of the holding.
      sql<number>`coalesce((select k.live from client_counts k where k.company_id = ${q.companyId} and k.holding_id = h.id), 0)`.as(
        'clients_count',
      ),
      sql<number>`(select count(*)::int from users u where u.holding_id = h.id and u.role in (4, 5) and u.deleted_at is null)`.as(
        'users_count',
      ),
      sql<number>`(select count(*)::int from users u where u.holding_id = h.id and u.role = 4 and u.deleted_at is null)`.as(
        'admins_count',
      ),
      sql<number>`(select count(*)::int from categories k where k.company_id = ${q.companyId} and k.holding_id = h.id and k.deleted_at is null)`.as(
        'categories_count',
      ),
    ])
    .orderBy(q.sort === 'name' ? sql`lower(h.name) ${dir}` : sql`ch.created_at ${dir}`)
    .orderBy(sql`h.id ${dir}`)
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return {
    rows: rows.map((r) => ({
      ...r,
      clients_count: Number(r.clients_count),
      users_count: Number(r.users_count),
      admins_count: Number(r.admins_count),
      categories_count: Number(r.categories_count),
    })),
    total: Number(totalRow.total),
  };
}

export async function insertLinkedHolding(
  db: Executor,
  companyId: number,
  holding: { name: string; cui: string | null; email: string | null },
): Promise<number> {
  const row = await db.insertInto('holdings').values(holding).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('company_holding').values({ company_id: companyId, holding_id: row.id }).execute();
  return row.id;
}

/** Ends the link, from either side; answers whether there was one. */
export async function unlink(db: Executor, companyId: number, holdingId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('company_holding')
    .where('company_id', '=', companyId)
    .where('holding_id', '=', holdingId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether the company is live and linked to the holding. */
export async function isCompanyLinked(db: Executor, holdingId: number, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company_holding as ch')
    .innerJoin('companies as co', 'co.id', 'ch.company_id')
    .select('ch.company_id')
    .where('ch.holding_id', '=', holdingId)
    .where('ch.company_id', '=', companyId)
    .where('co.deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

export interface LinkedCompanyRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  linked_at: Date;
  clients_count: number;
}

export interface CompanyListQuery {
  holdingId: number;
  /** The firm that invited the caller into the holding (they see that firm alone), or null. */
  firm: number | null;
  search: string;
  offset: number;
  limit: number;
  sort: 'name' | 'linked_at';
  direction: 'asc' | 'desc';
}

/** The holding's live companies, each with the number of the holding's live clients there. */
export async function listLinkedCompanies(
  db: Executor,
  q: CompanyListQuery,
): Promise<{ rows: LinkedCompanyRow[]; total: number }> {
  let query = db
    .selectFrom('company_holding as ch')
    .innerJoin('companies as co', 'co.id', 'ch.company_id')
    .where('ch.holding_id', '=', q.holdingId)
    .where('co.deleted_at', 'is', null)
    .where(firmInView({ kind: 'holding', id: q.holdingId, firm: q.firm }, sql.ref<number>('co.id')));
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) => eb.or([foldedLike('co.name', pattern), eb('co.cui', 'ilike', pattern)]));
  }
  const total = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select((eb) => [
      'co.id',
      'co.name',
      'co.cui',
      'co.email',
      'co.phone',
      'ch.created_at as linked_at',
      eb
        .selectFrom('clients as c')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('c.company_id', '=', 'co.id')
        .where('c.holding_id', '=', q.holdingId)
        .where('c.deleted_at', 'is', null)
        .$asScalar()
        .$notNull()
        .as('clients_count'),
    ])
    .orderBy(q.sort === 'linked_at' ? sql`ch.created_at` : sql`lower(co.name)`, q.direction)
    .orderBy('co.id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows, total: Number(total.total) };
}

/** The company's name, for the mails it sends ("Dosar" when it is gone). */
export async function findCompanyName(db: Executor, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? 'Dosar';
}

export interface HoldingUser {
  id: number;
  name: string;
  email: string;
  has_password: boolean;
  email_verified: boolean;
}

/** Live role-4 users of a holding. */
export async function findHoldingAdmins(db: Executor, holdingId: number): Promise<HoldingUser[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      sql<boolean>`password_hash is not null`.as('has_password'),
      sql<boolean>`email_verified_at is not null`.as('email_verified'),
    ])
    .where('holding_id', '=', holdingId)
    .where('role', '=', 4)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, has_password: Boolean(r.has_password), email_verified: Boolean(r.email_verified) }));
}

export async function insertHoldingAdmin(
  db: Executor,
  holdingId: number,
  user: { name: string; email: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      password_hash: null,
      role: 4,
      company_id: null,
      holding_id: holdingId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
