import type { Db } from '../../infra/db.js';

/** The user's access tokens (sessions) and the devices they signed in from. */

export async function listTokens(db: Db, userId: number) {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes one of the user's tokens; false when the user has no such token. */
export async function deleteToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteOtherTokens(db: Db, userId: number, keepTokenId: number): Promise<number> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .where('id', '<>', keepTokenId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the user has any known device, and whether this one is among them. */
export async function knownDevice(db: Db, userId: number, deviceHash: string) {
  const rows = await db
    .selectFrom('known_devices')
    .select('device_hash')
    .where('user_id', '=', userId)
    // This device first, if known; any other one tells that the user has devices.
    .orderBy((eb) => eb.case().when('device_hash', '=', deviceHash).then(0).else(1).end())
    .limit(1)
    .execute();
  return { any: rows.length > 0, known: rows[0]?.device_hash === deviceHash };
}

export async function recordDevice(db: Db, userId: number, deviceHash: string, label: string, now: Date) {
  await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, label, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: now, label }))
    .execute();
}
