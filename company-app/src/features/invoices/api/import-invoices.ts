import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** Where an imported invoice was filed (one copy; two when both parties are the firm's clients). */
export interface InvoiceFiling {
  invoice_id: number;
  client_id: number;
  client_name: string;
  category: string;
  /** YYYY-MM of the issue date. */
  period: string;
  document_id: number;
  kind: 'received' | 'issued';
}

/** One invoice of an import (an invoice inside a zip is its own entry), as docs/api/company-door.md says. */
export interface ImportEntry {
  /** The uploaded file's name. */
  file: string;
  /** The name inside a zip; null for a bare XML. */
  entry: string | null;
  status: 'filed' | 'duplicate' | 'unmatched' | 'refused';
  number?: string | null;
  issue_date?: string | null;
  supplier_cui?: string | null;
  buyer_cui?: string | null;
  client_id?: number;
  client_name?: string;
  category?: string;
  period?: string;
  document_id?: number;
  signature_verified?: boolean | null;
  copies?: InvoiceFiling[];
  unsorted_id?: number;
  reason?: string;
  anaf_errors?: string[];
}

/**
 * POST invoices/import (multipart `files[]`): e-Factura XML files and SPV zips, filed by CUI.
 * `onProgress` gets the share of the upload sent (0..1); the server's work follows it.
 */
export async function importInvoices(
  companyId: number,
  files: File[],
  onProgress?: (sent: number) => void,
): Promise<ImportEntry[]> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  const response = await http.post<{ data: ImportEntry[] }>(companyUrl(companyId, 'invoices/import'), form, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(event.loaded / event.total);
    },
  });
  return response.data.data;
}
