import { http } from '../../http/http';
import type { ClientDocument } from './get-client-documents';

export interface DocumentChange {
  category_id?: number | null;
  /** YYYY-MM */
  period?: string;
  name?: string;
}

/** POST {clientUrl}/media/{id}/update: moves (category, month) or renames one document. */
export async function updateDocument(
  clientUrl: string,
  documentId: number,
  change: DocumentChange,
): Promise<{ message?: string; data: ClientDocument }> {
  const response = await http.post<{ message?: string; data: ClientDocument }>(
    `${clientUrl}/media/${documentId}/update`,
    change,
  );
  return response.data;
}
