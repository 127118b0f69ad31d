/**
 * Searching a tenant's documents (`POST documents/search` on both doors): by file name and, for an
 * e-Factura, by what the invoice says. Other features use nothing of it yet.
 */
export { SEARCH_POLICY } from './policy.js';
