import type { Db } from '../../infra/db.js';
import { normalizeEmail } from './repository.js';

/** The e-mail links (email_tokens): verify an address, confirm a change of address, undo one. */

export type EmailPurpose = 'verify' | 'change' | 'undo';

export interface EmailTokenRow {
  id: number;
  user_id: number;
  purpose: EmailPurpose;
  email: string;
  old_email: string | null;
  requested_token_id: number | null;
  expires_at: Date;
  used_at: Date | null;
  user_email: string;
  user_verified_at: Date | null;
}

export interface NewEmailToken {
  userId: number;
  purpose: EmailPurpose;
  tokenHash: string;
  email: string;
  oldEmail?: string | null;
  requestedTokenId?: number | null;
  expiresAt: Date;
}

/** Stores a link (its hash only); earlier unused links of the same purpose stop working. */
export async function replaceEmailToken(db: Db, token: NewEmailToken): Promise<void> {
  await voidEmailTokens(db, token.userId, [token.purpose], new Date());
  await addEmailToken(db, token);
}

/** Stores a link beside the earlier ones of its purpose (an undo link outlives the changes that follow). */
export async function addEmailToken(db: Db, token: NewEmailToken): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      email: token.email,
      old_email: token.oldEmail ?? null,
      requested_token_id: token.requestedTokenId ?? null,
      expires_at: token.expiresAt,
    })
    .execute();
}

export async function voidEmailTokens(db: Db, userId: number, purposes: EmailPurpose[], now: Date): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/** Voids every unused link of the user made after link `afterId` (ids grow with time). */
export async function voidEmailTokensAfter(db: Db, userId: number, afterId: number, now: Date): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .where('used_at', 'is', null)
    .execute();
}

/** The link behind a hash with its (live) user, used or not; undefined when unknown or the user is gone. */
export async function findEmailToken(
  db: Db,
  tokenHash: string,
  purpose: EmailPurpose,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id',
      't.purpose',
      't.email',
      't.old_email',
      't.requested_token_id',
      't.expires_at',
      't.used_at',
      'u.email as user_email',
      'u.email_verified_at as user_verified_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.purpose', '=', purpose)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the link used in one statement, so two clicks at once can't both apply it. */
export async function takeEmailToken(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markVerified(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** Sets the account's address (proven by the link that brought it) as verified. */
export async function setVerifiedEmail(db: Db, userId: number, email: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Whether the live user's address is verified (false for an unknown user). */
export async function isVerified(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row?.email_verified_at);
}

/** Whether a session still exists (the one that asked for a change may have signed out since). */
export async function tokenAlive(db: Db, tokenId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('access_tokens')
    .select('id')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The live account other than userId that holds this address, if any (verified or not). */
export async function findOtherHolder(db: Db, email: string, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'email_verified_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normalizeEmail(email)))
    .where('id', '<>', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserEmail(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export const sameEmail = (a: string, b: string): boolean => normalizeEmail(a) === normalizeEmail(b);
