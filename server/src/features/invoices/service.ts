import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { isSanePeriod } from '../../lib/ro-calendar.js';
import { partyKey, readInvoiceFile, type ReadInvoice } from '../../lib/efactura/index.js';
import { originOf, type ActivityActor, type RequestOrigin } from '../activity/index.js';
import { checkBeforeUpload, receiveMultipart, storageTenants } from '../documents/index.js';
import type { TenantScope } from '../doors/index.js';
import { fileCandidates, type Candidate, type Client, type FilingOutcome } from './filing.js';
import { clientsByCui } from './repository.js';
import type { ImportEntry } from './presenter.js';
import { importEntry } from './presenter.js';

/**
 * The e-Factura import (docs/PRODUCT.md, „e-Factura”): XML files and SPV zips, many at once, each invoice
 * read, matched by CUI with the firm's clients and filed (filing.ts). The SPV sync feeds its downloads in
 * through importInvoiceFiles too.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'clock' | 'config'>;

/** Invoices filed per transaction: the firm's lock is let go between batches. */
const BATCH = 500;

export interface InvoiceFile {
  name: string;
  bytes: Buffer;
}

/** Where each party of an invoice is filed: buyer client → received, supplier client → issued. */
function copiesOf(read: ReadInvoice, clients: Map<string, Client>) {
  const period = read.invoice.issue_date.slice(0, 7);
  const copies: Candidate['copies'] = [];
  const buyer = read.invoice.buyer.cui ? clients.get(read.invoice.buyer.cui) : undefined;
  const supplier = read.invoice.supplier.cui ? clients.get(read.invoice.supplier.cui) : undefined;
  if (buyer) copies.push({ client: buyer, kind: 'received', period });
  if (supplier) copies.push({ client: supplier, kind: 'issued', period });
  return copies;
}

/**
 * Imports invoice files for a company (company door scope, or the SPV sync's): one entry per invoice, in
 * the order of the files. `by.actor` is who is recorded in the documents' history (null: the SPV sync).
 */
export async function importInvoiceFiles(
  ctx: Ctx,
  scope: Pick<TenantScope, 'kind' | 'id'>,
  files: InvoiceFile[],
  by: { actor: ActivityActor | null; origin?: RequestOrigin },
): Promise<{ data: ImportEntry[] }> {
  if (scope.kind !== 'company') throw errors.forbidden();
  const companyId = scope.id;
  const clients = await clientsByCui(ctx.db, companyId);
  const now = ctx.clock.now();
  const entries: ImportEntry[] = [];
  let pending: { entry: number; candidate: Candidate }[] = [];
  const flush = async () => {
    const outcomes: FilingOutcome[] = await fileCandidates(
      ctx,
      companyId,
      pending.map((p) => p.candidate),
      { actor: by.actor, origin: by.origin ?? { ip: null, userAgent: null } },
    );
    outcomes.forEach((outcome, k) => {
      const { entry, candidate } = pending[k];
      entries[entry] = importEntry(entries[entry], candidate, outcome);
    });
    pending = [];
  };
  for (const file of files) {
    const read = await readInvoiceFile(file.bytes);
    const base = { file: file.name, entry: read.entry };
    if (read.status === 'refused') {
      entries.push({
        ...base,
        status: 'refused',
        reason: read.reason,
        ...(read.anafErrors ? { anaf_errors: read.anafErrors } : {}),
      });
      continue;
    }
    const inv = read.invoice;
    const facts = {
      ...base,
      number: inv.number,
      issue_date: inv.issue_date,
      supplier_cui: partyKey(inv.supplier),
      buyer_cui: partyKey(inv.buyer),
      signature_verified: read.signatureVerified,
    };
    if (!isSanePeriod(inv.issue_date.slice(0, 7), now)) {
      entries.push({
        ...facts,
        status: 'refused',
        reason: `Data facturii (${inv.issue_date}) este în afara lunilor cu care lucrează Dosar.`,
      });
      continue;
    }
    const key = { supplier_cui: partyKey(inv.supplier) as string, number: inv.number, issue_date: inv.issue_date };
    pending.push({
      entry: entries.length,
      candidate: { read, fileName: file.name, key, copies: copiesOf(read, clients) },
    });
    entries.push({ ...facts, status: 'refused', reason: '' });
    if (pending.length >= BATCH) await flush();
  }
  if (pending.length) await flush();
  return { data: entries };
}

/**
 * invoices/import: the multipart's files are received as any upload is (type, size and count limits, the
 * plan's storage), read back and imported; the received copies are then removed (what is filed is stored
 * anew, per copy).
 */
export async function importUpload(ctx: Ctx, scope: TenantScope, request: FastifyRequest) {
  const tenants = storageTenants(scope, scope.id);
  const totalLimit = await checkBeforeUpload(ctx.db, tenants, request);
  const upload = await receiveMultipart(ctx, request, {
    keyPrefix: `company-${scope.id}/invoice-uploads`,
    totalLimit,
    // Everything an invoice is filed by is inside it: a field (a month, a category) would be silently
    // ignored, so it is refused before anything is stored.
    beforeFirstFile: refuseFields,
  });
  try {
    refuseFields(upload.fields);
    if (upload.files.length === 0) throw errors.field('files', 'Alege cel puțin un fișier.');
    const files: InvoiceFile[] = [];
    for (const f of upload.files) files.push({ name: f.name, bytes: await readAll(ctx, f.key) });
    return await importInvoiceFiles(ctx, scope, files, { actor: scope.actor, origin: originOf(request) });
  } finally {
    await upload.discard();
  }
}

function refuseFields(fields: Record<string, string>): void {
  const [name] = Object.keys(fields);
  if (name !== undefined)
    throw errors.field(name, 'Importul primește doar fișiere: lunile și categoriile se citesc din facturi.');
}

async function readAll(ctx: Pick<AppContext, 'storage'>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
