import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fold, foldedLike, likePattern } from '../company/schemas.js';
import type { Db } from '../../infra/db.js';

/**
 * The only code of the holding feature that touches Kysely. Every query is
 * scoped to one holding: a client counts only when clients.holding_id is the
 * holding AND its company is still linked to the holding (company_holding).
 */

export type Direction = 'asc' | 'desc';

export interface Page {
  page: number;
  perPage: number;
  search?: string;
  direction: Direction;
}

/**
 * `column` contains `search`, ignoring case and Romanian diacritics (as the company area searches);
 * on clients.name it is the expression of the trigram index clients_name_trgm.
 */
const matches = (column: string, search: string) =>
  foldedLike(column, likePattern(fold(search))) as Expression<SqlBool>;

const dir = (direction: Direction) => sql.raw(direction === 'desc' ? 'desc' : 'asc');

/** Clients visible to the holding: its own, of a linked, live company, not deleted. */
function scopedClients(db: Db, holdingId: number) {
  return db
    .selectFrom('clients as c')
    .innerJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'c.company_id').on('ch.holding_id', '=', holdingId),
    )
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .where('c.holding_id', '=', holdingId)
    .where('c.deleted_at', 'is', null)
    .where('co.deleted_at', 'is', null);
}

/** For updates of clients: the client's company is (still) linked to the holding. */
const companyLinked = (holdingId: number) => (eb: ExpressionBuilder<Database, 'clients'>) =>
  eb.exists(
    eb
      .selectFrom('company_holding as ch')
      .select('ch.company_id')
      .whereRef('ch.company_id', '=', 'clients.company_id')
      .where('ch.holding_id', '=', holdingId),
  );

// ---- users' last visit ---------------------------------------------------

export async function previousSeenAt(db: Db, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('previous_seen_at').where('id', '=', userId).executeTakeFirst();
  return row?.previous_seen_at ?? null;
}

// ---- client list (index) -------------------------------------------------

export type ClientSort = 'name' | 'created_at' | 'documents_count' | 'last_upload_at' | 'new_count';

export interface ClientListRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  company_id: number;
  company_name: string;
  documents_count: number;
  new_count: number;
  last_upload_at: Date | null;
}

export async function listClients(
  db: Db,
  holdingId: number,
  options: Page & { sort: ClientSort; companyId?: number; since: Date | null },
): Promise<{ rows: ClientListRow[]; total: number }> {
  let query = scopedClients(db, holdingId);
  if (options.companyId) query = query.where('c.company_id', '=', options.companyId);
  if (options.search) {
    const search = options.search;
    query = query.where((eb) => eb.or([matches('c.name', search), eb('c.cui', 'ilike', likePattern(search))]));
  }
  const total = options.search
    ? (await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()).total
    : await countScopedClients(db, holdingId, options.companyId);

  // documents_count and last_upload_at are kept on the client by the media trigger (migration 020).
  // new_count: with no previous visit every document is new; otherwise counted per row of the page
  // (media_client_live: client_id, created_at), or — to sort by it — from the documents created since
  // (media_created_live), never by aggregating every document of the holding.
  const since = options.since;
  const sortByNew = options.sort === 'new_count' && since !== null;
  const newCount = !since
    ? sql<number>`c.documents_count`
    : sortByNew
      ? sql<number>`coalesce(s.new_count, 0)`
      : sql<number>`(select count(*)::int from media m where m.client_id = c.id and m.deleted_at is null and m.created_at > ${since})`;
  const direction = dir(options.direction);
  // Columns that are never null sort without "nulls last", so an index (clients_holding_name) can serve the order.
  const order: Record<ClientSort, Expression<unknown>> = {
    name: sql`lower(c.name) ${direction}`,
    created_at: sql`c.created_at ${direction}`,
    documents_count: sql`c.documents_count ${direction}`,
    last_upload_at: sql`c.last_upload_at ${direction} nulls last`,
    new_count: sql`${newCount} ${direction}`,
  };
  let listed = query;
  if (sortByNew) {
    const fresh = db
      .selectFrom('media as m')
      .innerJoin('clients as mc', 'mc.id', 'm.client_id')
      .where('mc.holding_id', '=', holdingId)
      .where('m.deleted_at', 'is', null)
      .where('m.client_id', 'is not', null)
      .where('m.created_at', '>', since)
      .select(['m.client_id', sql<number>`count(*)::int`.as('new_count')])
      .groupBy('m.client_id')
      .as('s');
    listed = listed.leftJoin(fresh, 's.client_id', 'c.id') as typeof listed;
  }
  const rows = await listed
    .select([
      'c.id',
      'c.name',
      'c.cui',
      'c.email',
      'c.phone',
      'c.company_id',
      'co.name as company_name',
      'c.documents_count',
      newCount.as('new_count'),
      'c.last_upload_at',
    ])
    .orderBy(order[options.sort])
    .orderBy('c.id', options.direction)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, documents_count: Number(r.documents_count), new_count: Number(r.new_count) })),
    total: Number(total),
  };
}

/** Live clients of the holding at its linked, live companies, from the trigger-kept counters (migration 050). */
async function countScopedClients(db: Db, holdingId: number, companyId?: number): Promise<number> {
  let query = db
    .selectFrom('client_counts as k')
    .innerJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'k.company_id').on('ch.holding_id', '=', holdingId),
    )
    .innerJoin('companies as co', 'co.id', 'k.company_id')
    .where('k.holding_id', '=', holdingId)
    .where('co.deleted_at', 'is', null);
  if (companyId) query = query.where('k.company_id', '=', companyId);
  const row = await query.select(sql<number>`coalesce(sum(k.live), 0)::int`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Documents per client and period, for the given clients and periods. */
export async function monthlyCounts(
  db: Db,
  holdingId: number,
  clientIds: number[],
  periods: string[],
): Promise<{ client_id: number; period: string; count: number }[]> {
  if (clientIds.length === 0 || periods.length === 0) return [];
  const rows = await db
    .selectFrom('media as m')
    .innerJoin('clients as c', (join) =>
      join.onRef('c.id', '=', 'm.client_id').onRef('c.company_id', '=', 'm.company_id'),
    )
    .select(['m.client_id', 'm.period', sql<number>`count(*)::int`.as('count')])
    .where('c.holding_id', '=', holdingId)
    .where('m.client_id', 'in', clientIds)
    .where('m.period', 'in', periods)
    .where('m.deleted_at', 'is', null)
    .groupBy(['m.client_id', 'm.period'])
    .execute();
  return rows.map((r) => ({ client_id: r.client_id as number, period: r.period as string, count: r.count }));
}

// ---- one client ----------------------------------------------------------

export interface ClientRowWithCompany {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  company_id: number;
  company_name: string;
  created_at: Date;
  updated_at: Date;
}

export async function findClient(
  db: Db,
  holdingId: number,
  clientId: number,
): Promise<ClientRowWithCompany | undefined> {
  return scopedClients(db, holdingId)
    .where('c.id', '=', clientId)
    .select([
      'c.id',
      'c.name',
      'c.cui',
      'c.email',
      'c.phone',
      'c.notes',
      'c.company_id',
      'co.name as company_name',
      'c.created_at',
      'c.updated_at',
    ])
    .executeTakeFirst();
}

export async function isCompanyLinked(db: Db, holdingId: number, companyId: number): Promise<boolean> {
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

/** Whether the holding already has a live client with this CUI at this company. */
export async function clientCuiTaken(
  db: Db,
  holdingId: number,
  companyId: number,
  cui: string,
  exceptClientId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('clients')
    .select('id')
    .where('holding_id', '=', holdingId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(
      sql<SqlBool>`upper(replace(replace(cui, ' ', ''), 'RO', '')) = ${cui.toUpperCase().replace(/\s+/g, '').replace(/^RO/, '')}`,
    );
  if (exceptClientId) query = query.where('id', '!=', exceptClientId);
  return Boolean(await query.executeTakeFirst());
}

export interface ClientFields {
  name?: string;
  cui?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

export async function insertClient(
  db: Db,
  holdingId: number,
  companyId: number,
  fields: Required<Pick<ClientFields, 'name' | 'cui'>> & ClientFields,
): Promise<number> {
  const row = await db
    .insertInto('clients')
    .values({
      company_id: companyId,
      holding_id: holdingId,
      name: fields.name,
      cui: fields.cui,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      notes: fields.notes ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a client of the holding; answers whether a row changed. */
export async function updateClient(
  db: Db,
  holdingId: number,
  clientId: number,
  fields: ClientFields,
): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', clientId)
    .where('holding_id', '=', holdingId)
    .where('deleted_at', 'is', null)
    .where(companyLinked(holdingId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function softDeleteClient(db: Db, holdingId: number, clientId: number): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', clientId)
    .where('holding_id', '=', holdingId)
    .where('deleted_at', 'is', null)
    .where(companyLinked(holdingId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---- linked companies ----------------------------------------------------

export interface LinkedCompanyRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  linked_at: Date;
  clients_count: number;
}

export async function listCompanies(
  db: Db,
  holdingId: number,
  options: Page & { sort: 'name' | 'linked_at' },
): Promise<{ rows: LinkedCompanyRow[]; total: number }> {
  let query = db
    .selectFrom('company_holding as ch')
    .innerJoin('companies as co', 'co.id', 'ch.company_id')
    .where('ch.holding_id', '=', holdingId)
    .where('co.deleted_at', 'is', null);
  if (options.search) {
    const search = options.search;
    query = query.where((eb) => eb.or([matches('co.name', search), eb('co.cui', 'ilike', likePattern(search))]));
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
        .where('c.holding_id', '=', holdingId)
        .where('c.deleted_at', 'is', null)
        .$asScalar()
        .$notNull()
        .as('clients_count'),
    ])
    .orderBy(options.sort === 'linked_at' ? sql`ch.created_at` : sql`lower(co.name)`, options.direction)
    .orderBy('co.id')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, total: total.total };
}

/** Removes the link only: the company's clients, files and categories stay. */
export async function unlinkCompany(db: Db, holdingId: number, companyId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('company_holding')
    .where('holding_id', '=', holdingId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---- holding users -------------------------------------------------------

export interface HoldingUserRow {
  id: number;
  name: string;
  email: string;
  role: 4 | 5;
  has_password: boolean;
  last_seen_at: Date | null;
  created_at: Date;
}

function scopedUsers(db: Db, holdingId: number) {
  return db
    .selectFrom('users as u')
    .where('u.holding_id', '=', holdingId)
    .where('u.role', 'in', [4, 5])
    .where('u.deleted_at', 'is', null);
}

const userColumns = [
  'u.id',
  'u.name',
  'u.email',
  'u.role',
  sql<boolean>`(u.password_hash is not null)`.as('has_password'),
  'u.last_seen_at',
  'u.created_at',
] as const;

export async function listUsers(
  db: Db,
  holdingId: number,
  options: Page & { sort: 'name' | 'email' | 'role' | 'created_at' },
): Promise<{ rows: HoldingUserRow[]; total: number }> {
  let query = scopedUsers(db, holdingId);
  if (options.search) {
    const search = options.search;
    query = query.where((eb) => eb.or([matches('u.name', search), eb('u.email', 'ilike', likePattern(search))]));
  }
  const total = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const order = {
    name: sql`lower(u.name)`,
    email: sql`lower(u.email)`,
    role: sql`u.role`,
    created_at: sql`u.created_at`,
  };
  const rows = await query
    .select(userColumns)
    .orderBy(order[options.sort], options.direction)
    .orderBy('u.id')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows: rows as HoldingUserRow[], total: total.total };
}

export async function findUser(db: Db, holdingId: number, userId: number): Promise<HoldingUserRow | undefined> {
  const row = await scopedUsers(db, holdingId).select(userColumns).where('u.id', '=', userId).executeTakeFirst();
  return row as HoldingUserRow | undefined;
}

export async function insertUser(
  db: Db,
  holdingId: number,
  fields: { name: string; email: string; role: 4 | 5 },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...fields, password_hash: null, company_id: null, holding_id: holdingId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Db,
  holdingId: number,
  userId: number,
  fields: { name?: string; email?: string; role?: 4 | 5 },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', userId)
    .where('holding_id', '=', holdingId)
    .where('role', 'in', [4, 5])
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteUser(db: Db, holdingId: number, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .where('holding_id', '=', holdingId)
    .where('role', 'in', [4, 5])
    .where('deleted_at', 'is', null)
    .execute();
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}

/** Live role-4 users of the holding; locked so two concurrent demotions can't both pass. */
export async function lockAdmins(db: Db, holdingId: number): Promise<number[]> {
  const rows = await scopedUsers(db, holdingId).select('u.id').where('u.role', '=', 4).forUpdate().execute();
  return rows.map((r) => r.id);
}
