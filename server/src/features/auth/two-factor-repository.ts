import type { Db } from '../../infra/db.js';

/** Two-factor state of users, their recovery codes and the pending sign-in challenges. */

export async function findTwoFactorUser(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('holdings as h', 'h.id', 'u.holding_id')
    .select([
      'u.id',
      'u.email',
      'u.role',
      'u.password_hash',
      'u.totp_secret',
      'u.totp_pending_secret',
      'u.totp_enabled_at',
      'c.status as company_status',
      'c.require_two_factor as company_requires',
      'h.require_two_factor as holding_requires',
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

/** The pending secret becomes the secret; `step` (the confirming code's) cannot be used again. */
export async function confirmSecret(db: Db, userId: number, secret: string, step: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step })
    .where('id', '=', userId)
    .execute();
}

export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Takes time step `step` for the user in one statement: false when it, or a later one, was already
 * used (a replayed code, or the same code sent twice at once).
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Marks an unused recovery code used in one statement; false when there is none such. */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  // A user has one pending challenge at a time: a new sign-in voids the previous one.
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await db
    .insertInto('login_challenges')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

export async function findChallenge(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('login_challenges')
    .select(['id', 'user_id', 'attempts'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Counts a wrong code; the challenge is deleted once it has had `max` of them. */
export async function countWrongCode(db: Db, challengeId: number, max: number): Promise<void> {
  const row = await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challengeId)
    .returning('attempts')
    .executeTakeFirst();
  if (row && row.attempts >= max) await deleteChallenge(db, challengeId);
}

/** Deletes the challenge; false when it was already gone (used by a concurrent request). */
export async function deleteChallenge(db: Db, challengeId: number): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('id', '=', challengeId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
