/**
 * e-Factura invoices (docs/PRODUCT.md, „e-Factura”): the import of XML files and SPV zips (the SPV sync
 * feeds its downloads through importInvoiceFiles), „De sortat”, the readable invoice of a document, and the
 * hook that records an invoice XML uploaded as a plain document (registered by features/index.ts).
 */
export { importInvoiceFiles } from './service.js';
export type { InvoiceFile } from './service.js';
export type { ImportEntry } from './presenter.js';
export { recordStoredInvoices } from './stored-hook.js';
export { INVOICES_POLICY } from './policy.js';
