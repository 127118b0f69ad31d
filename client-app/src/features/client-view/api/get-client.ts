import { http } from '@dosar/shared';
import { compact, holdingUrl } from '../../../lib/holding-api';
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
  /** The file's original name (the shared files presenter). */
  name?: string;
  /** Older name of the same field, still accepted. */
  original_name?: string;
  category?: { id: number; name: string } | null;
  mime?: string;
  size?: number;
  uploaded_by?: { id: number; name: string } | null;
  created_at?: string;
  /** The server's own answer to "may I delete it" (it decides; the UI only hides). */
  can_delete?: boolean;
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

/** What the server accepts, shown before an upload starts. */
export interface UploadLimits {
  max_bytes?: number;
  max_files?: number;
  /** Extensions without the dot, e.g. ['pdf', 'jpg']. */
  allowed_types?: string[];
  /** The file picker's accept attribute, e.g. '.pdf,.jpg'. */
  accept?: string;
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

export function documentName(document: ClientDocument): string {
  return document.name ?? document.original_name ?? `document-${document.id}`;
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
