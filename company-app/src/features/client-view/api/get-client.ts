import { http } from '@dosar/shared';
import { compact, companyUrl } from '../../../lib/company-api';
import { useRequest } from '../../../lib/use-request';

export interface ClientCategory {
  id: number;
  name: string;
  position: number;
  holding_id?: number | null;
}

/** One of the client's documents (media), as server/src/features/files/presenter.ts presents it. */
export interface ClientDocument {
  id: number;
  client_id: number | null;
  category_id: number | null;
  category?: { id: number; name: string } | null;
  /** YYYY-MM */
  period: string | null;
  name: string;
  mime: string;
  size: number;
  uploaded_by?: { id: number; name: string } | null;
  created_at: string;
  can_delete?: boolean;
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

/** What the server allows to upload, shown before the upload starts (files/presenter.ts uploadLimits). */
export interface ServerUploadLimits {
  max_bytes: number;
  max_files?: number;
  /** Extensions without the dot, e.g. ['pdf', 'jpg']. */
  allowed_types: string[];
  types?: { label: string; mime: string; extensions: string[] }[];
  accept?: string;
}

export interface UploadLimits {
  max_bytes: number;
  /** File extensions without the dot, e.g. ['pdf', 'jpg']. */
  extensions: string[];
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
  upload_limits?: ServerUploadLimits;
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
