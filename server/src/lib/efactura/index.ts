/** Reading e-Factura files (UBL CIUS-RO invoices, SPV zips): pure, no database or storage. */
export { parseXml, XmlRefusal, XML_MAX_BYTES, XML_MAX_DEPTH } from './xml.js';
export type { XmlDocument } from './xml.js';
export { readInvoice, isUblInvoice } from './ubl.js';
export { readSpvZip, readZipEntries, isZip } from './spv.js';
export { readInvoiceFile, invoiceOfXml } from './read.js';
export type { ReadOutcome, ReadInvoice, ReadRefusal } from './read.js';
export { partyKey, cuiIn } from './party.js';
export { money, plain, cents } from './decimal.js';
export * from './types.js';
