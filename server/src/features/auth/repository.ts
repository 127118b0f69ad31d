import type { Db } from '../../infra/db.js';
import type { Role } from '../../db/schema.js';
import type { UserProfile } from './presenter.js';

/** E-mails are compared case-insensitively (users_email_unique is on lower(email)). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findLoginCandidate(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.password_hash', 'u.totp_enabled_at', 'c.status as company_status'])
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', normalizeEmail(email)))
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live user with their company and holding (null when they have none), or undefined. */
export async function findProfile(db: Db, userId: number): Promise<UserProfile | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'company_id', 'holding_id', 'totp_enabled_at', 'email_verified_at'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { totp_enabled_at, email_verified_at: verifiedAt, ...user } = row;
  // The address a change waits to be confirmed for: the newest unused, unexpired change link.
  const pending = await db
    .selectFrom('email_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const company = user.company_id
    ? await db
        .selectFrom('companies')
        .select(['id', 'name', 'cui', 'status', 'require_two_factor'])
        .where('id', '=', user.company_id)
        .executeTakeFirst()
    : undefined;
  const holding = user.holding_id
    ? await db
        .selectFrom('holdings')
        .select(['id', 'name', 'cui', 'require_two_factor'])
        .where('id', '=', user.holding_id)
        .executeTakeFirst()
    : undefined;
  const companyStaff = user.role === 2 || user.role === 3;
  const holdingPeople = user.role === 4 || user.role === 5;
  return {
    ...user,
    email_verified: verifiedAt !== null,
    pending_email: pending?.email ?? null,
    company: company ? { id: company.id, name: company.name, cui: company.cui, status: company.status } : null,
    holding: holding ? { id: holding.id, name: holding.name, cui: holding.cui } : null,
    two_factor_enabled: totp_enabled_at !== null,
    two_factor_required:
      (companyStaff && !!company?.require_two_factor) || (holdingPeople && !!holding?.require_two_factor),
  };
}

export async function touchLastSeen(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ previous_seen_at: eb.ref('last_seen_at'), last_seen_at: new Date() }))
    .where('id', '=', userId)
    .execute();
}

/** A user who may receive a reset link: not deleted, and not in a suspended company. */
export async function findResettableUser(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.email', 'u.name'])
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', normalizeEmail(email)))
    .where('u.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('c.status', 'is', null), eb('c.status', '=', 'active')]))
    .executeTakeFirst();
}

export async function findUserCredentials(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normalizeEmail(email)))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a live user other than exceptUserId already has this e-mail. */
export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normalizeEmail(email)))
    .where('deleted_at', 'is', null);
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function updateUser(
  db: Db,
  userId: number,
  patch: { name?: string; email?: string; password_hash?: string; email_verified_at?: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function insertUser(
  db: Db,
  user: {
    name: string;
    email: string;
    password_hash: string;
    role: Role;
    email_verified_at?: Date | null;
    company_id?: number | null;
    holding_id?: number | null;
  },
): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Stores a new reset token (its hash only); earlier unused tokens of the user stop working. */
export async function replaceResetToken(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/**
 * Marks the token used in one statement (so two concurrent resets can't both
 * succeed) when it exists, is unused, unexpired and belongs to this e-mail;
 * answers its user id, or undefined.
 */
/** Whether a reset token is valid for this address now (a read: consumeResetToken takes it). */
export async function resetTokenValid(db: Db, tokenHash: string, email: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets as pr')
    .innerJoin('users as u', 'u.id', 'pr.user_id')
    .select('pr.user_id')
    .where('pr.token_hash', '=', tokenHash)
    .where('pr.used_at', 'is', null)
    .where('pr.expires_at', '>', now)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', normalizeEmail(email)))
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function consumeResetToken(
  db: Db,
  tokenHash: string,
  email: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets as pr')
    .from('users as u')
    .set({ used_at: now })
    .whereRef('u.id', '=', 'pr.user_id')
    .where('pr.token_hash', '=', tokenHash)
    .where('pr.used_at', 'is', null)
    .where('pr.expires_at', '>', now)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', normalizeEmail(email)))
    .where('u.deleted_at', 'is', null)
    .returning('pr.user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function invalidateResetTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Revokes every access token of the user except keepTokenId (the current session). */
export async function revokeOtherTokens(db: Db, userId: number, keepTokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).where('id', '<>', keepTokenId).execute();
}

export type AuditAction =
  | 'login.success'
  | 'login.failure'
  | 'logout'
  | 'password.reset_requested'
  | 'password.reset'
  | 'password.change'
  | 'user.update'
  | 'register'
  | 'email.verified'
  | 'email.change_requested'
  | 'email.change'
  | 'email.undo'
  | 'cli.admin_create'
  | 'cli.admin_password'
  | 'two_factor.enable'
  | 'two_factor.disable'
  | 'two_factor.recovery_codes';

/** One audit_events row: who (user_id, or null when unknown), what, on what, from where. */
export async function recordAudit(
  db: Db,
  event: { userId: number | null; action: AuditAction; subject?: string | null; ip?: string | null },
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({ user_id: event.userId, action: event.action, subject: event.subject ?? null, ip: event.ip ?? null })
    .execute();
}
