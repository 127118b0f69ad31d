import type { Db } from '../../infra/db.js';
import type { DoorKind } from '../doors/index.js';

/** A tenant's two-factor requirement and how many of its people have not enabled two-factor sign-in yet. */
export async function findSecurity(db: Db, kind: DoorKind, tenantId: number) {
  const tenant =
    kind === 'company'
      ? await db.selectFrom('companies').select('require_two_factor').where('id', '=', tenantId).executeTakeFirst()
      : await db.selectFrom('holdings').select('require_two_factor').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return undefined;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(kind === 'company' ? 'company_id' : 'holding_id', '=', tenantId)
    .where('role', 'in', kind === 'company' ? [2, 3] : [4, 5])
    .where('deleted_at', 'is', null)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { require_two_factor: tenant.require_two_factor, users_without_two_factor: Number(row.n) };
}

export async function setRequireTwoFactor(db: Db, kind: DoorKind, tenantId: number, value: boolean): Promise<void> {
  if (kind === 'company')
    await db
      .updateTable('companies')
      .set({ require_two_factor: value, updated_at: new Date() })
      .where('id', '=', tenantId)
      .execute();
  else
    await db
      .updateTable('holdings')
      .set({ require_two_factor: value, updated_at: new Date() })
      .where('id', '=', tenantId)
      .execute();
}

/** Whether the user signs in with a second factor. */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('totp_enabled_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.totp_enabled_at);
}
