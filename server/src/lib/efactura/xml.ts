import { XMLParser } from 'fast-xml-parser';

/**
 * The one XML reader of e-Factura files. fast-xml-parser is used because it never resolves external
 * entities (no file or URL is ever read for a `SYSTEM` entity) and bounds entity expansion, so a
 * billion-laughs file cannot blow up in memory; `processEntities` stays on, or `&amp;` in a party's name
 * would stay undecoded. On top of that, any `<!DOCTYPE` (the only place entities are declared) is refused
 * here before the parser sees the text, the size is bounded and so is the nesting depth: an invoice is a
 * flat document, and a hostile one gets a refusal in microseconds, not a parse.
 */

/** A file we refuse to read, with the Romanian reason the import answer shows. */
export class XmlRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'XmlRefusal';
  }
}

/** The largest XML read (an invoice with embedded PDF attachments stays well below). */
export const XML_MAX_BYTES = 32 * 1024 * 1024;
/** UBL invoices nest about 8 levels deep; anything past this is no invoice. */
export const XML_MAX_DEPTH = 48;

/** Elements that may repeat in the documents read here: always arrays, one or many. */
const REPEATED = new Set([
  'Note',
  'InvoiceLine',
  'CreditNoteLine',
  'TaxTotal',
  'TaxSubtotal',
  'AllowanceCharge',
  'AdditionalDocumentReference',
  'PartyTaxScheme',
  'PartyIdentification',
  'PaymentMeans',
  'PaymentTerms',
  'Error',
  'Reference',
  'AddressLine',
  'Description',
  'Signature',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: XML_MAX_DEPTH,
  isArray: (name) => REPEATED.has(name),
});

export type XmlNode = Record<string, unknown>;

export interface XmlDocument {
  /** Local name of the root element (`Invoice`, `CreditNote`, `Signature`, `header`, …). */
  root: string;
  /** The root element's namespace (its default or prefixed xmlns), or null. */
  namespace: string | null;
  node: XmlNode;
}

/** The bytes as text: UTF-8 (BOM dropped) or UTF-16 with its BOM. */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The root's start tag: after the prolog, comments and processing instructions. */
const ROOT_TAG = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/;

function rootOf(text: string): { prefix: string | null; name: string; namespace: string | null } {
  const match = ROOT_TAG.exec(text.slice(0, 64 * 1024));
  if (!match) throw new XmlRefusal('Fișierul nu este un XML valid.');
  const prefix = match[1] ? match[1].slice(0, -1) : null;
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = new RegExp(`\\s${attribute.replace('.', '\\.')}\\s*=\\s*(["'])([^"']*)\\1`).exec(match[3]);
  return { prefix, name: match[2], namespace: ns ? ns[2] : null };
}

/**
 * Parses e-Factura-sized XML safely; throws XmlRefusal (never anything else) for a file that is too
 * large, declares a DOCTYPE or entities, nests too deep or is not well-formed.
 */
export function parseXml(bytes: Buffer, maxBytes = XML_MAX_BYTES): XmlDocument {
  if (bytes.length > maxBytes) throw new XmlRefusal('Fișierul XML este prea mare.');
  if (bytes.length === 0) throw new XmlRefusal('Fișierul este gol.');
  const text = decode(bytes);
  // DTDs are where entities (external, or nested to billions) come from: never parsed at all.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new XmlRefusal('Fișierul XML conține o declarație DOCTYPE; din motive de siguranță nu este citit.');
  }
  if (!/^\s*</.test(text.slice(0, 1024))) {
    throw new XmlRefusal('Fișierul nu este o factură e-Factura (XML) sau o arhivă SPV.');
  }
  const root = rootOf(text);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(text, true) as XmlNode;
  } catch (error) {
    if (/nested/i.test((error as Error).message ?? '')) {
      throw new XmlRefusal('Fișierul XML are prea multe niveluri imbricate.');
    }
    throw new XmlRefusal('Fișierul nu este un XML valid.');
  }
  const found = parsed[root.name];
  const node = Array.isArray(found) ? found[0] : found;
  if (node === undefined || node === null) throw new XmlRefusal('Fișierul nu este un XML valid.');
  return { root: root.name, namespace: root.namespace, node: (typeof node === 'object' ? node : {}) as XmlNode };
}

/** One node or a list of them as a list (absent: empty). */
export function list(value: unknown): XmlNode[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) =>
    typeof v === 'object' && v !== null ? v : { '#text': v },
  );
}

/** The first node of a (possibly repeated) child, or undefined. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (!node) return undefined;
  return list(node[name])[0];
}

/** Follows a path of children (`child(child(node, a), b)…`). */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = child(current, name);
  return current;
}

/** An element's text (trimmed), or null when absent or empty. */
export function textOf(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const raw = node['#text'];
  if (raw === undefined || raw === null) return null;
  const text = String(raw).trim();
  return text === '' ? null : text;
}

/** The text at a path below node. */
export const textAt = (node: XmlNode | undefined, ...path: string[]): string | null => textOf(at(node, ...path));

/** An attribute of an element, or null. */
export function attrOf(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[`@${name}`];
  return value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim();
}
