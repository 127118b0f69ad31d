import { http } from '../../http/http';
import { compact } from '../../lib/list-query';
import type { DocumentCategory, FileDocument, UploadLimits } from '../types';
import type { CollectionFilters } from './download-collection';

/** The client as the client view shows it; each door adds what its side knows. */
export interface ClientSummary {
  id: number;
  name: string;
  cui?: string | null;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  /** The company door: the holding the client belongs to. */
  holding?: { id: number; name: string } | null;
  /** The holding door: the accounting company that keeps the client. */
  company?: { id: number; name: string } | null;
  documents_count?: number;
  last_upload_at?: string | null;
}

/** One of the client's documents (media), as the files presenter gives it on both doors. */
export interface ClientDocument extends FileDocument {
  client_id?: number | null;
  category?: { id: number; name: string } | null;
  mime?: string;
}

/** A category of the set that applies to the client (its holding's own, or the company's default). */
export interface ClientDocumentCategory extends DocumentCategory {
  holding_id?: number | null;
}

/**
 * POST {door}/clients/{id} as the server answers it. The two doors still name two things
 * differently: the company door puts the client under `data` and counts documents per
 * month; the holding door puts it under `client` and lists the months alone.
 */
export interface ClientDocumentsAnswer {
  data?: ClientSummary;
  client?: ClientSummary;
  categories?: ClientDocumentCategory[];
  categories_inherited?: boolean;
  /** Every month that has documents (whatever the filter), newest first. */
  periods?: (string | { period: string; count: number })[];
  /** The documents matching the filter. */
  documents?: ClientDocument[];
  upload_limits?: UploadLimits;
}

/** A month that has documents; `count` when the door says it. */
export interface DocumentPeriod {
  period: string;
  count?: number;
}

/** The client view, the same whichever door answered. */
export interface ClientDocuments {
  client: ClientSummary;
  /** In the order of `position`. */
  categories: ClientDocumentCategory[];
  categories_inherited: boolean;
  periods: DocumentPeriod[];
  documents: ClientDocument[];
  upload_limits?: UploadLimits;
}

/** One shape out of either door's answer (months derived from the documents when the answer has none). */
export function readClientDocuments(answer: ClientDocumentsAnswer): ClientDocuments {
  const documents = answer.documents ?? [];
  const periods: DocumentPeriod[] = answer.periods
    ? answer.periods.map((p) => (typeof p === 'string' ? { period: p } : p))
    : [...new Set(documents.map((d) => d.period).filter((p): p is string => !!p))]
        .sort()
        .reverse()
        .map((period) => ({ period }));
  const client = answer.data ?? answer.client;
  if (!client) throw new Error('client view answer without a client');
  return {
    client,
    categories: [...(answer.categories ?? [])].sort((a, b) => a.position - b.position || a.id - b.id),
    categories_inherited: answer.categories_inherited ?? false,
    periods,
    documents,
    upload_limits: answer.upload_limits,
  };
}

/**
 * POST {clientUrl}: the client, its categories and its documents (optionally filtered).
 * `clientUrl` is the client in the caller's door: /api/company/{id}/clients/{clientId} or
 * /api/holding/{id}/clients/{clientId}.
 */
export async function getClientDocuments(
  clientUrl: string,
  filters: CollectionFilters,
  signal?: AbortSignal,
): Promise<ClientDocuments> {
  const response = await http.post<ClientDocumentsAnswer>(clientUrl, compact(filters), { signal });
  return readClientDocuments(response.data);
}
