/** What other features use from the clients. */
export { loadClient, clientNotFound } from './service.js';
export { lastPeriods } from './list-service.js';
export type { ClientRecord, ClientScope } from './repository.js';
export { CLIENT_POLICY } from './policy.js';
