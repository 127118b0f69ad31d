import { http } from '@dosar/shared';
import { compact, companyUrl } from '../../../lib/company-api';
import { useRequest } from '../../../lib/use-request';

export interface ClientCategory {
  id: number;
  name: string;
  position: number;
}

/** One of the client's documents (media). */
export interface ClientDocument {
  id: number;
  client_id: number;
  category_id: number | null;
  /** YYYY-MM */
  period: string | null;
  original_name: string;
  mime?: string;
  size?: number;
  uploaded_by?: { id: number; name: string } | null;
  created_at?: string;
  can_delete?: boolean;
}

export interface ClientDetails {
  id: number;
  name: string;
  cui: string | null;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  holding?: { id: number; name: string } | null;
  documents_count?: number;
}

/** What the server allows to upload, shown before the upload starts. */
export interface UploadLimits {
  max_bytes: number;
  /** File extensions without the dot, e.g. ['pdf', 'jpg']. */
  extensions: string[];
}

export interface ClientView {
  client: ClientDetails;
  categories: ClientCategory[];
  /** Every month that has documents (YYYY-MM), newest first. */
  periods?: string[];
  documents: ClientDocument[];
  upload?: Partial<UploadLimits>;
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
  const response = await http.post<ClientView>(companyUrl(companyId, `clients/${clientId}`), compact(filters), { signal });
  return response.data;
}

export function useClientView(companyId: number, clientId: number, filters: ClientViewFilters) {
  return useRequest(
    (signal) => getClient(companyId, clientId, filters, signal),
    [companyId, clientId, filters.period, filters.category_id],
  );
}
