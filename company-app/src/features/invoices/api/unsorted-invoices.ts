import { http, useRequest, type Paged } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { InvoiceFiling } from './import-invoices';

/** An invoice neither of whose parties is a client of the firm: it waits in „De sortat”. */
export interface UnsortedInvoice {
  id: number;
  file_name: string;
  number: string | null;
  type_code: number | null;
  issue_date: string | null;
  currency: string | null;
  supplier: { cui: string | null; name: string | null };
  buyer: { cui: string | null; name: string | null };
  total_payable: string | null;
  signature_verified: boolean | null;
  created_at: string;
}

/** POST invoices/unsorted: „De sortat”, newest first. */
export function useUnsortedInvoices(companyId: number, page: number, perPage: number) {
  return useRequest(
    async (signal) => {
      const answer = await http.post<Paged<UnsortedInvoice>>(
        companyUrl(companyId, 'invoices/unsorted'),
        { page, per_page: perPage },
        { signal },
      );
      return answer.data;
    },
    [companyId, page, perPage],
  );
}

/** POST invoices/unsorted/{id}/assign: files the invoice under the client chosen. */
export async function assignInvoice(
  companyId: number,
  unsortedId: number,
  clientId: number,
): Promise<{ message: string; data: InvoiceFiling }> {
  const answer = await http.post<{ message: string; data: InvoiceFiling }>(
    companyUrl(companyId, `invoices/unsorted/${unsortedId}/assign`),
    { client_id: clientId },
  );
  return answer.data;
}

export interface ClientChoice {
  id: number;
  name: string;
  cui: string | null;
}

/** POST clients {search}: the live clients an invoice may be filed under, for the picker. */
export async function findClients(companyId: number, search: string, signal?: AbortSignal): Promise<ClientChoice[]> {
  const answer = await http.post<Paged<ClientChoice>>(
    companyUrl(companyId, 'clients'),
    { search, per_page: 8, sort: 'name', direction: 'asc' },
    { signal },
  );
  return answer.data.data;
}
