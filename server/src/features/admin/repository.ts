import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';

/** The only code of the admin feature that touches Kysely. The admin sees every tenant; nothing here deletes. */

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const pattern = (search: string): string => `%${escapeLike(search.trim().toLowerCase())}%`;

/** The subscription's status as the tenant lives it: a passed period end means expired. */
const effectiveStatus = sql<
  string | null
>`case when s.id is null then null when s.current_period_end <= now() then 'expired' else s.status end`;

export interface ListQuery {
  page: number;
  perPage: number;
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
}

// Companies

export interface CompanyListRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  status: 'active' | 'suspended';
  created_at: Date;
  users_count: number;
  clients_count: number;
  plan_name: string | null;
  subscription_status: string | null;
  current_period_end: Date | null;
}

export const COMPANY_SORTS = ['name', 'created_at', 'status', 'clients_count'] as const;

export async function listCompanies(
  db: Db,
  q: ListQuery & { status: 'active' | 'suspended' | null },
): Promise<{ rows: CompanyListRow[]; total: number }> {
  let base = db
    .selectFrom('companies as c')
    .leftJoin('subscriptions as s', 's.company_id', 'c.id')
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .where('c.deleted_at', 'is', null);
  if (q.search.trim()) {
    const like = pattern(q.search);
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['c.name']), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('c.cui', sql.lit(''))]), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('c.email', sql.lit(''))]), 'like', like),
      ]),
    );
  }
  if (q.status) base = base.where('c.status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const usersCount = sql<number>`(select count(*) from users u where u.company_id = c.id and u.deleted_at is null)`;
  const clientsCount = sql<number>`(select count(*) from clients k where k.company_id = c.id and k.deleted_at is null)`;
  const order =
    q.sort === 'created_at'
      ? sql`c.created_at`
      : q.sort === 'status'
        ? sql`c.status`
        : q.sort === 'clients_count'
          ? clientsCount
          : sql`lower(c.name)`;
  const rows = await base
    .select([
      'c.id',
      'c.name',
      'c.cui',
      'c.email',
      'c.phone',
      'c.status',
      'c.created_at',
      usersCount.as('users_count'),
      clientsCount.as('clients_count'),
      'p.name as plan_name',
      effectiveStatus.as('subscription_status'),
      's.current_period_end',
    ])
    .orderBy(order, q.direction)
    .orderBy('c.id', q.direction)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, users_count: Number(r.users_count), clients_count: Number(r.clients_count) })),
    total: Number(total.n),
  };
}

export async function findCompany(db: Db, id: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'cui', 'reg_no', 'email', 'phone', 'address', 'status', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function companyUsers(db: Db, companyId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'last_seen_at', 'created_at'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('role')
    .orderBy('name')
    .execute();
}

export async function companyHoldings(db: Db, companyId: number) {
  return db
    .selectFrom('company_holding as ch')
    .innerJoin('holdings as h', 'h.id', 'ch.holding_id')
    .select(['h.id', 'h.name', 'h.cui'])
    .where('ch.company_id', '=', companyId)
    .where('h.deleted_at', 'is', null)
    .orderBy('h.name')
    .execute();
}

export async function setCompanyStatus(db: Db, id: number, status: 'active' | 'suspended'): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Holdings

export interface HoldingListRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  created_at: Date;
  companies_count: number;
  users_count: number;
  clients_count: number;
  plan_name: string | null;
  subscription_status: string | null;
  current_period_end: Date | null;
}

export const HOLDING_SORTS = ['name', 'created_at', 'clients_count'] as const;

export async function listHoldings(db: Db, q: ListQuery): Promise<{ rows: HoldingListRow[]; total: number }> {
  let base = db
    .selectFrom('holdings as h')
    .leftJoin('subscriptions as s', 's.holding_id', 'h.id')
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .where('h.deleted_at', 'is', null);
  if (q.search.trim()) {
    const like = pattern(q.search);
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['h.name']), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('h.cui', sql.lit(''))]), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('h.email', sql.lit(''))]), 'like', like),
      ]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const companiesCount = sql<number>`(select count(*) from company_holding ch join companies co on co.id = ch.company_id where ch.holding_id = h.id and co.deleted_at is null)`;
  const usersCount = sql<number>`(select count(*) from users u where u.holding_id = h.id and u.deleted_at is null)`;
  const clientsCount = sql<number>`(select count(*) from clients k where k.holding_id = h.id and k.deleted_at is null)`;
  const order =
    q.sort === 'created_at' ? sql`h.created_at` : q.sort === 'clients_count' ? clientsCount : sql`lower(h.name)`;
  const rows = await base
    .select([
      'h.id',
      'h.name',
      'h.cui',
      'h.email',
      'h.created_at',
      companiesCount.as('companies_count'),
      usersCount.as('users_count'),
      clientsCount.as('clients_count'),
      'p.name as plan_name',
      effectiveStatus.as('subscription_status'),
      's.current_period_end',
    ])
    .orderBy(order, q.direction)
    .orderBy('h.id', q.direction)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    rows: rows.map((r) => ({
      ...r,
      companies_count: Number(r.companies_count),
      users_count: Number(r.users_count),
      clients_count: Number(r.clients_count),
    })),
    total: Number(total.n),
  };
}

export async function findHolding(db: Db, id: number) {
  return db
    .selectFrom('holdings')
    .select(['id', 'name', 'cui', 'email', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function holdingCompanies(db: Db, holdingId: number) {
  return db
    .selectFrom('company_holding as ch')
    .innerJoin('companies as c', 'c.id', 'ch.company_id')
    .select(['c.id', 'c.name', 'c.cui', 'c.status'])
    .where('ch.holding_id', '=', holdingId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.name')
    .execute();
}

export async function holdingUsers(db: Db, holdingId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'last_seen_at', 'created_at'])
    .where('holding_id', '=', holdingId)
    .where('deleted_at', 'is', null)
    .orderBy('role')
    .orderBy('name')
    .execute();
}

export async function recordAdminAudit(
  db: Db,
  event: { userId: number; action: string; subject: string; ip: string },
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({ user_id: event.userId, action: event.action, subject: event.subject, ip: event.ip })
    .execute();
}
