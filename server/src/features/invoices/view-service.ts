import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import type { ParsedInvoice } from '../../lib/efactura/index.js';
import { loadScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import type { InvoiceView } from './presenter-views.js';
import { invoiceOfMedia } from './repository.js';

/** clients/{clientId}/media/{mediaId}/invoice: the readable invoice of a client's document, on both doors. */
export async function invoiceOfDocument(
  ctx: Pick<AppContext, 'db'>,
  scope: TenantScope,
  clientId: number,
  mediaId: number,
): Promise<{ data: InvoiceView }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const row = await invoiceOfMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!row || row.kind === 'unsorted' || row.client_id === null || row.media_id === null) {
    throw errors.notFound('Factura');
  }
  const parsed = (typeof row.parsed === 'string' ? JSON.parse(row.parsed) : row.parsed) as ParsedInvoice;
  return {
    data: {
      ...parsed,
      id: row.id,
      media_id: row.media_id,
      client_id: row.client_id,
      kind: row.kind,
      signature_verified: row.signature_verified,
      anaf_rejection: null,
      file_name: row.file_name,
    },
  };
}
