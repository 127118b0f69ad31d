/** What other features use from billing (plan limits and trials). */
export { assertCanAddClient, assertCanAddUser, assertCanStore, assertWritable } from './limits.js';
export { startTrial, ensureSubscription, effectiveStatus, TRIAL_DAYS } from './service.js';
export type { TenantRef } from './tenant.js';
