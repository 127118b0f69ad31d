import crypto from 'node:crypto';
import type { AppContext } from '../../infra/context.js';
import { invoiceOfXml, partyKey, XML_MAX_BYTES } from '../../lib/efactura/index.js';
import { findClientMedia, type StoredDocuments } from '../documents/index.js';
import { clientsByCui, existingInvoices, insertInvoiceIfNew } from './repository.js';

/**
 * An e-Factura XML uploaded as a client's document (storeFiles, an upload link) is recorded as an invoice
 * of that client where it was put (its category and month stay the uploader's choice): issued when the
 * client is its supplier, else received. Not an invoice, or one the firm already has: the document stays a
 * plain document. Registered on the documents feature by the composition (features/index.ts).
 */
export async function recordStoredInvoices(ctx: Pick<AppContext, 'db' | 'storage'>, stored: StoredDocuments) {
  const xmls = stored.documents.filter((d) => d.mime === 'application/xml' && d.size <= XML_MAX_BYTES);
  for (const document of xmls) {
    const ids = { companyId: stored.companyId, clientId: stored.clientId, mediaId: document.id };
    const row = await findClientMedia(ctx.db, ids);
    if (!row) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(row.storage_key)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const invoice = invoiceOfXml(bytes);
    if (!invoice) continue;
    const key = {
      supplier_cui: partyKey(invoice.supplier) as string,
      number: invoice.number,
      issue_date: invoice.issue_date,
    };
    const existing = await existingInvoices(ctx.db, stored.companyId, [key]);
    if (
      existing.some(
        (e) =>
          !e.gone && e.issue_date === key.issue_date && e.supplier_cui === key.supplier_cui && e.number === key.number,
      )
    ) {
      continue;
    }
    const supplier = invoice.supplier.cui
      ? (await clientsByCui(ctx.db, stored.companyId)).get(invoice.supplier.cui)
      : undefined;
    await insertInvoiceIfNew(ctx.db, {
      company_id: stored.companyId,
      client_id: stored.clientId,
      media_id: document.id,
      kind: supplier?.id === stored.clientId ? 'issued' : 'received',
      number: invoice.number,
      type_code: invoice.type_code,
      issue_date: invoice.issue_date,
      due_date: invoice.due_date,
      currency: invoice.currency,
      supplier_cui: key.supplier_cui,
      supplier_name: invoice.supplier.name,
      buyer_cui: partyKey(invoice.buyer),
      buyer_name: invoice.buyer.name,
      total_without_vat: invoice.totals.without_vat,
      total_vat: invoice.totals.vat,
      total_payable: invoice.totals.payable,
      signature_verified: null,
      parsed: JSON.stringify(invoice),
      file_name: document.name,
      xml_storage_key: row.storage_key,
      xml_size: bytes.length,
      xml_sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      zip_storage_key: null,
      zip_size: null,
      created_by: stored.uploadedBy,
    });
  }
}
