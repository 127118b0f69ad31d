import { errors, formatBytes } from '../../infra/errors.js';
import type { Db } from '../../infra/db.js';
import * as repo from './repository.js';
import { countClients, countUsers } from './usage-repository.js';
import { effectiveStatus, ensureSubscription } from './service.js';
import { toTenant, type Tenant, type TenantRef } from './tenant.js';
import type { SubscriptionRecord } from './repository.js';

/**
 * Plan limits, enforced on the server. Call these in a route's service before
 * the write (inside its transaction when it has one):
 *
 *   await assertCanAddClient(db, { companyId });      // before inserting a client
 *   await assertCanAddUser(db, { holdingId });        // before inserting a user
 *   await assertCanStore(db, { companyId }, bytes);   // before storing uploads
 *   await assertWritable(db, { companyId });          // before any other write
 *
 * Each assertCan… includes assertWritable. Errors are 402 with a Romanian
 * message naming the limit. A tenant whose paid (or trial) period ended is
 * read-only: reads keep working, nothing is deleted, writes answer 402 until a
 * payment goes through. Billing calls themselves never call these.
 */

async function writableSubscription(
  db: Db,
  ref: TenantRef | Tenant,
  options: { storage?: boolean } = {},
): Promise<SubscriptionRecord | undefined> {
  const subscription = await ensureSubscription(db, toTenant(ref), options);
  if (subscription && effectiveStatus(subscription) === 'expired') throw errors.readOnly();
  return subscription;
}

/** 402 when the tenant's period has ended (read-only until it pays). */
export async function assertWritable(db: Db, ref: TenantRef | Tenant): Promise<void> {
  await writableSubscription(db, ref);
}

/** 402 naming the client limit when `count` more clients would exceed the plan. */
export async function assertCanAddClient(db: Db, ref: TenantRef | Tenant, count = 1): Promise<void> {
  const subscription = await writableSubscription(db, ref);
  const max = subscription?.plan.max_clients ?? null;
  if (!subscription || max === null) return;
  const used = await countClients(db, toTenant(ref));
  if (used + count > max) {
    throw errors.clientLimit(subscription.plan.name, max);
  }
}

/** 402 naming the user limit when `count` more users would exceed the plan. */
export async function assertCanAddUser(db: Db, ref: TenantRef | Tenant, count = 1): Promise<void> {
  const subscription = await writableSubscription(db, ref);
  const max = subscription?.plan.max_users ?? null;
  if (!subscription || max === null) return;
  const used = await countUsers(db, toTenant(ref));
  if (used + count > max) {
    throw errors.userLimit(subscription.plan.name, max);
  }
}

/** Bytes the tenant may still store under its plan; null when the plan has no storage limit. 402 when read-only. */
export async function storageLeft(db: Db, ref: TenantRef | Tenant): Promise<number | null> {
  const subscription = await writableSubscription(db, ref, { storage: true });
  const max = subscription?.plan.max_storage_bytes ?? null;
  if (max === null) return null;
  return Math.max(0, max - (subscription?.storage_used ?? 0));
}

/** 402 naming the storage limit when `bytes` more would exceed the plan. */
export async function assertCanStore(db: Db, ref: TenantRef | Tenant, bytes: number): Promise<void> {
  // The plan and the bytes stored in one statement: an upload asks before reading its body and again
  // under the tenants' lock.
  const subscription = await writableSubscription(db, ref, { storage: true });
  const max = subscription?.plan.max_storage_bytes ?? null;
  if (!subscription || max === null) return;
  const used = subscription.storage_used ?? 0;
  if (used + bytes > max) {
    const left = Math.max(0, max - used);
    throw errors.storageLimit(subscription.plan.name, formatBytes(max), formatBytes(left));
  }
}

/**
 * Holds the tenants' rows until the caller's transaction ends: checks of a limit (assertCan…) and the
 * writes they guard, done inside that transaction, are atomic.
 */
export async function lockTenants(trx: Db, refs: readonly (TenantRef | Tenant)[]): Promise<void> {
  await repo.lockTenantRows(trx, refs.map(toTenant));
}

/** lockTenants, then `work`, in one transaction. */
export async function withTenantsLocked<T>(
  db: Db,
  refs: readonly (TenantRef | Tenant)[],
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockTenants(trx, refs);
    return work(trx);
  });
}
