import { http } from '../http/http';
import type { Invoice } from './types';

/**
 * POST {documentUrl}/invoice: the document read as an e-Factura (docs/api/company-door.md).
 * `documentUrl` is the document's file call in the caller's door, e.g. /api/company/1/clients/7/media/101.
 * Silent: a document that is no invoice answers 404 or 422 and the caller shows the file instead.
 */
export async function getInvoice(documentUrl: string, signal?: AbortSignal): Promise<Invoice> {
  const response = await http.post<{ data?: Invoice } & Partial<Invoice>>(`${documentUrl}/invoice`, undefined, {
    signal,
    silent: true,
  });
  const body = response.data;
  return (body.data ?? body) as Invoice;
}
