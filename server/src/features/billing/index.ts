/** What other features use from billing (plan limits, the read-only guard and trials). */
export { assertCanAddClient, assertCanAddUser, assertCanStore, assertWritable, storageLeft } from './limits.js';
export { registerReadOnlyGuard, isWriteCall } from './read-only.js';
export { startTrial, ensureSubscription, effectiveStatus, TRIAL_DAYS } from './service.js';
export type { TenantRef } from './tenant.js';
