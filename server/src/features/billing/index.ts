/** What other features use from billing (plan limits, the read-only guard, trials, a tenant's account). */
export {
  assertCanAddClient,
  assertCanAddUser,
  assertCanStore,
  assertWritable,
  storageLeft,
  lockTenants,
  withTenantsLocked,
} from './limits.js';
export { assertScopeWritable } from './read-only.js';
export { startTrial, ensureSubscription, effectiveStatus, TRIAL_DAYS } from './service.js';
export { tenantAccount } from './admin-service.js';
export { paymentSchema, planSchema } from './schemas.js';
export type { Tenant, TenantRef } from './tenant.js';
export { storageLedgerJob } from './storage-ledger.js';
