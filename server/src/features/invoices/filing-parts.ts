import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppContext } from '../../infra/context.js';
import { newStorageKey } from '../../infra/storage.js';
import type { ReadInvoice } from '../../lib/efactura/index.js';
import type { ActivityActor, RequestOrigin } from '../activity/index.js';
import type { InvoiceKey, NewInvoice } from './repository.js';

/** The pieces of filing (filing.ts): what is filed where, the stored files, the rows. */

export type Kind = 'received' | 'issued';
export const CATEGORY_OF: Record<Kind, string> = { received: 'Facturi primite', issued: 'Facturi emise' };

export interface Client {
  id: number;
  name: string;
  holding_id: number | null;
}

export interface Candidate {
  read: ReadInvoice;
  fileName: string;
  key: InvoiceKey;
  /** Where it goes: one copy per matching client (buyer → received, supplier → issued); none → „De sortat”. */
  copies: { client: Client; kind: Kind; period: string }[];
}

export interface Filing {
  invoice_id: number;
  client_id: number;
  client_name: string;
  category: string;
  period: string;
  document_id: number;
  kind: Kind;
}

export type FilingOutcome =
  | { status: 'filed'; copies: Filing[] }
  | { status: 'duplicate' }
  | { status: 'unmatched'; unsorted_id: number }
  | { status: 'refused'; reason: string };

export interface FiledBy {
  /** Who filed it; null: the SPV sync (the history names it „Sincronizare SPV”). */
  actor: ActivityActor | null;
  origin: RequestOrigin;
}

export type Ctx = Pick<AppContext, 'db' | 'storage' | 'clock'>;

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const put = (ctx: Ctx, key: string, bytes: Buffer) => ctx.storage.put(key, Readable.from([bytes]));

/** Runs `work` over items, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** The stored files of one candidate: one XML (and zip) per copy, or one for „De sortat”. */
export interface Stored {
  xml: string[];
  zip: (string | null)[];
}

/** A readable document name: „Factură 123 - Furnizor SRL.xml” (the other party's name). */
export function documentName(read: ReadInvoice, kind: Kind | null): string {
  const other = kind === 'issued' ? read.invoice.buyer : read.invoice.supplier;
  const label = read.invoice.document === 'CreditNote' ? 'Notă de credit' : 'Factură';
  const name = `${label} ${read.invoice.number}${other.name ? ` - ${other.name}` : ''}`;
  return `${name.replace(/[/\\<>:"|?*\u0000-\u001f]/g, '_').slice(0, 180)}.xml`;
}

export function invoiceRow(companyId: number, candidate: Candidate, by: FiledBy): NewInvoice {
  const inv = candidate.read.invoice;
  return {
    company_id: companyId,
    client_id: null,
    media_id: null,
    kind: 'unsorted',
    number: inv.number,
    type_code: inv.type_code,
    issue_date: inv.issue_date,
    due_date: inv.due_date,
    currency: inv.currency,
    supplier_cui: candidate.key.supplier_cui,
    supplier_name: inv.supplier.name,
    buyer_cui: inv.buyer.cui ?? inv.buyer.vat_number,
    buyer_name: inv.buyer.name,
    total_without_vat: inv.totals.without_vat,
    total_vat: inv.totals.vat,
    total_payable: inv.totals.payable,
    signature_verified: candidate.read.signatureVerified,
    parsed: JSON.stringify(inv),
    file_name: candidate.fileName,
    xml_storage_key: '',
    xml_size: candidate.read.xml.length,
    xml_sha256: sha256(candidate.read.xml),
    zip_storage_key: null,
    zip_size: candidate.read.zip?.length ?? null,
    created_by: by.actor?.id ?? null,
  };
}

export async function storeFiles(ctx: Ctx, companyId: number, candidates: Candidate[]): Promise<Stored[]> {
  const stored: Stored[] = candidates.map(() => ({ xml: [], zip: [] }));
  const jobs: { key: string; bytes: Buffer }[] = [];
  candidates.forEach((c, i) => {
    const prefixes = c.copies.length
      ? c.copies.map((copy) => `company-${companyId}/client-${copy.client.id}`)
      : [`company-${companyId}/invoices`];
    for (const prefix of prefixes) {
      const xml = newStorageKey(prefix);
      stored[i].xml.push(xml);
      jobs.push({ key: xml, bytes: c.read.xml });
      const zip = c.read.zip ? newStorageKey(prefix) : null;
      stored[i].zip.push(zip);
      if (zip && c.read.zip) jobs.push({ key: zip, bytes: c.read.zip });
    }
  });
  try {
    await inParallel(jobs, 16, (job) => put(ctx, job.key, job.bytes));
  } catch (error) {
    await removeFiles(ctx, stored);
    throw error;
  }
  return stored;
}

export async function removeFiles(ctx: Ctx, stored: Stored[]): Promise<void> {
  const keys = stored.flatMap((s) => [...s.xml, ...s.zip]).filter((k): k is string => k !== null);
  await inParallel(keys, 16, (key) => ctx.storage.delete(key).catch(() => undefined));
}
