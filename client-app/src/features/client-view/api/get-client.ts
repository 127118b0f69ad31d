import { compact, http, useRequest, type FileDocument, type UploadLimits } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

export interface ClientCategory {
  id: number;
  name: string;
  position: number;
}

/** One of the client's documents (media), as the shared files presenter gives it. */
export interface ClientDocument extends FileDocument {
  client_id: number;
  category?: { id: number; name: string } | null;
  mime?: string;
}

export interface ClientDetails {
  id: number;
  name: string;
  cui?: string | null;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  company?: { id: number; name: string } | null;
  documents_count?: number;
}

export interface ClientView {
  client: ClientDetails;
  categories: ClientCategory[];
  /** Every month that has documents (YYYY-MM), newest first. */
  periods?: string[];
  documents: ClientDocument[];
  /** True when the holding has no category set of its own and sees the company's defaults. */
  categories_inherited?: boolean;
  upload_limits?: UploadLimits;
}

export interface ClientViewFilters {
  period?: string;
  category_id?: number;
}

/** POST /api/holding/{holdingId}/clients/{id}: the client, its categories and documents (optionally filtered). */
export async function getClient(
  holdingId: number,
  clientId: number,
  filters: ClientViewFilters,
  signal?: AbortSignal,
): Promise<ClientView> {
  const response = await http.post<ClientView>(holdingUrl(holdingId, `clients/${clientId}`), compact(filters), {
    signal,
  });
  return response.data;
}

export function useClientView(holdingId: number | null, clientId: number, filters: ClientViewFilters) {
  return useRequest(
    (signal) => getClient(holdingId as number, clientId, filters, signal),
    [holdingId, clientId, filters.period, filters.category_id],
    holdingId !== null && Number.isInteger(clientId) && clientId > 0,
  );
}
