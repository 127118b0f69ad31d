/**
 * The month (docs/api/month.md): what each client owes, the checklist both sides see, the firm's
 * review, closing a month. Other features use: the closed-month guard and the upload's requirement
 * (documents), the default set of a new company (companies) and of a new client (clients, the seed).
 */
export { MONTH_POLICY } from './policy.js';
export { assertPeriodsOpen, itemForUpload, lockOpenMonth, lockOpenPeriods, requirementFor } from './guard.js';
export { DEFAULT_SET, insertDefaultSet, provisionClientRequirements } from './provision.js';
export type { Profile } from './provision.js';
export { openItemCounts } from './open-items.js';
// The upload link (upload-links feature): the client's open items and its "Am terminat", without a user.
export { openItems } from './checklist-service.js';
export { markDone } from './periods-service.js';
export type { DoneBy } from './periods-service.js';
