import crypto from 'node:crypto';
import yauzl from 'yauzl';
import { isUblInvoice } from './ubl.js';
import {
  list,
  textAt,
  textOf,
  XmlRefusal,
  parseXml,
  XML_MAX_BYTES,
  attrOf,
  type XmlDocument,
  type XmlNode,
} from './xml.js';

/**
 * An SPV download (`descarcare`): a zip of exactly two entries, the invoice `<id>.xml` and ANAF's
 * signature `semnatura_<id>.xml`. They are told apart by what they hold, never by name: the signature is
 * the entry carrying an XML-DSig `Signature` — the root `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">`
 * in production, or enveloped in a whole copy of the invoice in older test-environment downloads — and is
 * never read as a second invoice. Its DigestValue is compared with the base64 SHA-256 of the invoice
 * entry's exact bytes: that is `signature_verified` (the digest the Ministry signed matches the bytes we
 * keep; the RSA signature over it and its certificate are not checked here). A rejected upload's zip holds
 * ANAF's error answer instead of an invoice.
 */

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const ANAF_ERRORS = 'mfp:anaf:dgti:efactura:mesajEroriFactuta:v1';
/** Zip bombs: an SPV zip has two entries of an invoice's size. */
const MAX_ENTRIES = 8;
const MAX_TOTAL_BYTES = 2 * XML_MAX_BYTES;

export const isZip = (bytes: Buffer): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

const notSpv = () => new XmlRefusal('Arhiva nu este o descărcare SPV (factura și semnătura ei).');

/** The file entries of a zip held in memory, bounded in count and size; XmlRefusal for anything else. */
export async function readZipEntries(buffer: Buffer): Promise<ZipEntry[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: false }, (error, file) =>
        error ? reject(error) : resolve(file),
      ),
    );
  } catch {
    throw new XmlRefusal('Arhiva ZIP este deteriorată.');
  }
  const entries: ZipEntry[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        total += entry.uncompressedSize;
        if (entries.length >= MAX_ENTRIES || entry.uncompressedSize > XML_MAX_BYTES || total > MAX_TOTAL_BYTES) {
          return reject(notSpv());
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(error);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // yauzl checks the declared size too (validateEntrySizes); this stops a lying entry early.
            if (size > entry.uncompressedSize) stream.destroy(notSpv());
            else chunks.push(chunk);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks, size) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    throw error instanceof XmlRefusal ? error : new XmlRefusal('Arhiva ZIP este deteriorată.');
  } finally {
    zip.close();
  }
  return entries;
}

/** The XML-DSig Signature elements of a document: its root, or enveloped ones (with their SignedInfo). */
function signaturesOf(doc: XmlDocument): XmlNode[] {
  if (doc.root === 'Signature' && doc.namespace === DSIG) return [doc.node];
  return list(doc.node.Signature).filter((s) => s.SignedInfo !== undefined);
}

/** ANAF's messages when the document is its error answer, else null. */
export function anafErrorsOf(doc: XmlDocument): string[] | null {
  if (doc.root !== 'header' || doc.namespace !== ANAF_ERRORS) return null;
  return list(doc.node.Error)
    .map((e) => attrOf(e, 'errorMessage') ?? textOf(e))
    .filter((m): m is string => m !== null);
}

/** Whether a signature's digest is the SHA-256 of the invoice entry's exact bytes. */
export function digestMatches(signatures: XmlNode[], invoiceBytes: Buffer): boolean {
  const digest = crypto.createHash('sha256').update(invoiceBytes).digest('base64');
  return signatures.some((signature) =>
    list((signature.SignedInfo as XmlNode | undefined)?.Reference).some(
      (ref) => (textAt(ref, 'DigestValue') ?? '').replace(/\s+/g, '') === digest,
    ),
  );
}

export type SpvContent =
  | { kind: 'invoice'; entry: string; bytes: Buffer; doc: XmlDocument; signatureVerified: boolean }
  | { kind: 'anaf-error'; entry: string; messages: string[] };

/** Reads an SPV zip: its invoice entry and whether ANAF's signature matches it, or ANAF's rejection. */
export async function readSpvZip(buffer: Buffer): Promise<SpvContent> {
  const entries = await readZipEntries(buffer);
  const read = entries.map((entry) => {
    try {
      return { entry, doc: parseXml(entry.bytes) };
    } catch {
      return { entry, doc: null };
    }
  });
  for (const { entry, doc } of read) {
    const messages = doc ? anafErrorsOf(doc) : null;
    if (messages) return { kind: 'anaf-error', entry: entry.name, messages };
  }
  if (entries.length !== 2 || read.some((r) => r.doc === null)) throw notSpv();
  const classified = read.map(({ entry, doc }) => {
    const signatures = signaturesOf(doc as XmlDocument);
    return {
      entry,
      doc: doc as XmlDocument,
      signatures,
      invoice: signatures.length === 0 && isUblInvoice(doc as XmlDocument),
    };
  });
  const invoice = classified.filter((c) => c.invoice);
  const signature = classified.filter((c) => c.signatures.length > 0);
  if (invoice.length !== 1 || signature.length !== 1) throw notSpv();
  const [theInvoice] = invoice;
  return {
    kind: 'invoice',
    entry: theInvoice.entry.name,
    bytes: theInvoice.entry.bytes,
    doc: theInvoice.doc,
    signatureVerified: digestMatches(signature[0].signatures, theInvoice.entry.bytes),
  };
}
