import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../infra/db.js';
import { foldedLike } from '../../db/search.js';
import { fold, likePattern } from '../../lib/search-text.js';
import type { TenantScope } from '../doors/index.js';
import { USER_ROLES, privilegedRole, type ManagedRole } from './policy.js';

/**
 * The users of one tenant: a company's live users of roles 2/3 (users.company_id), a holding's
 * of roles 4/5 (users.holding_id). Every query is filtered by the scope, so another tenant's
 * user is simply not found. With `invitedBy`, only the holding's people that firm invited (what a
 * firm manages from its client's page; the holding's own people are not its to see).
 */

type Tenant = Pick<TenantScope, 'kind' | 'id'> & { invitedBy?: number };

export type UserSort = 'name' | 'email' | 'role' | 'created_at';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  role: ManagedRole;
  created_at: Date;
  last_seen_at: Date | null;
  /** No password yet: the user has not used the set-password link. */
  invited: boolean;
}

const tenantColumn = (tenant: Tenant) => (tenant.kind === 'company' ? 'company_id' : 'holding_id');

function tenantUsers(db: Db, tenant: Tenant) {
  const query = db
    .selectFrom('users')
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('role', 'in', [...USER_ROLES[tenant.kind]])
    .where('deleted_at', 'is', null);
  return tenant.invitedBy === undefined ? query : query.where('invited_by_company_id', '=', tenant.invitedBy);
}

const columns = [
  'id',
  'name',
  'email',
  'role',
  'created_at',
  'last_seen_at',
  sql<boolean>`(password_hash is null)`.as('invited'),
] as const;

const toRow = (r: Omit<UserRow, 'role'> & { role: number }): UserRow => ({
  ...r,
  role: r.role as ManagedRole,
  invited: Boolean(r.invited),
});

export async function listUsers(
  db: Db,
  tenant: Tenant,
  q: { search: string; sort: UserSort; direction: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let base = tenantUsers(db, tenant);
  if (q.search) {
    const pattern = likePattern(fold(q.search));
    base = base.where((eb) =>
      eb.or([foldedLike('name', pattern) as Expression<SqlBool>, foldedLike('email', pattern) as Expression<SqlBool>]),
    );
  }
  const total = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const direction = sql.raw(q.direction === 'desc' ? 'desc' : 'asc');
  const order = {
    name: sql`lower(name) ${direction}`,
    email: sql`lower(email) ${direction}`,
    role: sql`role ${direction}`,
    created_at: sql`created_at ${direction}`,
  } as const;
  const rows = await base
    .select(columns)
    .orderBy(order[q.sort])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows: rows.map(toRow), total: Number(total.total) };
}

/** A live user of the tenant, or undefined. */
export async function findUser(db: Db, tenant: Tenant, userId: number): Promise<UserRow | undefined> {
  const row = await tenantUsers(db, tenant).select(columns).where('id', '=', userId).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Locks the tenant's live privileged users until the transaction ends; answers their ids. */
export async function lockPrivileged(trx: Db, tenant: Tenant): Promise<number[]> {
  const rows = await tenantUsers(trx, tenant)
    .select('id')
    .where('role', '=', privilegedRole(tenant.kind))
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** The tenant's name, for the invitation e-mail. */
export async function tenantName(db: Db, tenant: Tenant): Promise<string> {
  const table = tenant.kind === 'company' ? 'companies' : 'holdings';
  const row = await db.selectFrom(table).select('name').where('id', '=', tenant.id).executeTakeFirstOrThrow();
  return row.name;
}

/** A new account without a password (the user sets one from the invitation e-mail). */
export async function insertUser(
  db: Db,
  tenant: Tenant,
  user: { name: string; email: string; role: ManagedRole },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      ...user,
      password_hash: null,
      company_id: tenant.kind === 'company' ? tenant.id : null,
      holding_id: tenant.kind === 'holding' ? tenant.id : null,
      invited_by_company_id: tenant.invitedBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Db,
  tenant: Tenant,
  userId: number,
  patch: { name?: string; email?: string; role?: ManagedRole },
): Promise<void> {
  // An address set by someone else is not proven: the user verifies it again (issue 16).
  const email = patch.email;
  await db
    .updateTable('users')
    .set({
      ...patch,
      // A holding that makes a firm's person its administrator takes them as its own.
      ...(patch.role === privilegedRole('holding') ? { invited_by_company_id: null } : {}),
      updated_at: new Date(),
      ...(email === undefined
        ? {}
        : {
            email_verified_at: sql<Date | null>`case when lower(email) = lower(${email}) then email_verified_at end`,
          }),
    })
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('role', 'in', [...USER_ROLES[tenant.kind]])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Soft delete; the user's sessions end at once. */
export async function softDeleteUser(db: Db, tenant: Tenant, userId: number): Promise<void> {
  const gone = await db
    .updateTable('users')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('role', 'in', [...USER_ROLES[tenant.kind]])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .$if(tenant.invitedBy !== undefined, (q) => q.where('invited_by_company_id', '=', tenant.invitedBy as number))
    .executeTakeFirst();
  if (Number(gone.numUpdatedRows) > 0) await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}

/** The error of a second live account with the same e-mail (the unique index on lower(email) decided). */
export function isDuplicateEmail(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'users_email_unique';
}

/** The live account with this e-mail, whoever's it is (only its id and holding, to tell "ours" from "someone else's"). */
export async function findLiveAccount(
  db: Db,
  email: string,
): Promise<{ id: number; holding_id: number | null; invited_by_company_id: number | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'holding_id', 'invited_by_company_id'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
