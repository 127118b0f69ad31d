/** What other features use from the company↔holding links. */
export { loadLinkedHolding, holdingNotFound } from './service.js';
export { findLinkedHolding, insertLinkedHolding, isCompanyLinked, findCompanyName } from './repository.js';
export type { LinkedHolding } from './repository.js';
export { LINK_POLICY } from './policy.js';
