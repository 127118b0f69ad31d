import { compact, http, useRequest, type FileDocument, type UploadLimits } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

export interface ClientCategory {
  id: number;
  name: string;
  position: number;
  holding_id?: number | null;
}

/** One of the client's documents (media), as server/src/features/documents/presenter.ts presents it. */
export interface ClientDocument extends FileDocument {
  client_id: number | null;
  category?: { id: number; name: string } | null;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface ClientDetails {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  notes?: string | null;
  holding: { id: number; name: string } | null;
  documents_count: number;
  last_upload_at: string | null;
}

export interface ClientView {
  data: ClientDetails;
  /** The set that applies to the client: its holding's own, or the company default. */
  categories: ClientCategory[];
  categories_inherited?: boolean;
  /** Every month that has documents (whatever the filter), newest first. */
  periods: { period: string; count: number }[];
  /** The documents matching the filter. */
  documents: ClientDocument[];
  upload_limits?: UploadLimits;
}

export interface ClientViewFilters {
  period?: string;
  category_id?: number;
}

/** POST clients/{id}: the client, its categories and its documents (optionally filtered). */
export async function getClient(
  companyId: number,
  clientId: number,
  filters: ClientViewFilters,
  signal?: AbortSignal,
): Promise<ClientView> {
  const response = await http.post<ClientView>(companyUrl(companyId, `clients/${clientId}`), compact(filters), {
    signal,
  });
  return response.data;
}

export function useClientView(companyId: number, clientId: number, filters: ClientViewFilters) {
  return useRequest(
    (signal) => getClient(companyId, clientId, filters, signal),
    [companyId, clientId, filters.period, filters.category_id],
  );
}
