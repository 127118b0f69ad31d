import { readSpvZip, isZip, anafErrorsOf } from './spv.js';
import { readInvoice } from './ubl.js';
import { parseXml, XmlRefusal } from './xml.js';
import type { ParsedInvoice } from './types.js';

/**
 * One uploaded file (a bare e-Factura XML or an SPV zip) read into what the import files: the invoice with
 * the exact bytes to keep, or a refusal with its Romanian reason (ANAF's own messages for its rejection).
 * Pure: no database, no storage.
 */

export type ReadInvoice = {
  status: 'invoice';
  /** The entry's name inside a zip, null for a bare XML. */
  entry: string | null;
  invoice: ParsedInvoice;
  /** The invoice XML's exact bytes (the zip's invoice entry, unchanged). */
  xml: Buffer;
  /** The SPV zip's bytes, unchanged, when it came in one. */
  zip: Buffer | null;
  /** null: no SPV signature came with it. */
  signatureVerified: boolean | null;
};

export type ReadRefusal = { status: 'refused'; entry: string | null; reason: string; anafErrors?: string[] };

export type ReadOutcome = ReadInvoice | ReadRefusal;

const anafRejection = (entry: string | null, messages: string[]): ReadRefusal => ({
  status: 'refused',
  entry,
  reason: `ANAF a respins factura: ${messages.join(' ') || 'fără mesaj'}`,
  anafErrors: messages,
});

/** Reads one file; never throws for bad content (only for a bug). */
export async function readInvoiceFile(bytes: Buffer): Promise<ReadOutcome> {
  try {
    if (isZip(bytes)) {
      const content = await readSpvZip(bytes);
      if (content.kind === 'anaf-error') return anafRejection(content.entry, content.messages);
      return {
        status: 'invoice',
        entry: content.entry,
        invoice: readInvoice(content.doc),
        xml: content.bytes,
        zip: bytes,
        signatureVerified: content.signatureVerified,
      };
    }
    const doc = parseXml(bytes);
    const messages = anafErrorsOf(doc);
    if (messages) return anafRejection(null, messages);
    return {
      status: 'invoice',
      entry: null,
      invoice: readInvoice(doc),
      xml: bytes,
      zip: null,
      signatureVerified: null,
    };
  } catch (error) {
    if (error instanceof XmlRefusal) return { status: 'refused', entry: null, reason: error.reason };
    throw error;
  }
}

/** The invoice of a bare XML, or null when it is none (no refusal reason needed). */
export function invoiceOfXml(bytes: Buffer): ParsedInvoice | null {
  try {
    return readInvoice(parseXml(bytes));
  } catch (error) {
    if (error instanceof XmlRefusal) return null;
    throw error;
  }
}
