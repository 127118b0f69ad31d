import { http } from '../../http/http';

/** A deleted document as the trash lists it. */
export interface TrashedDocument {
  id: number;
  name: string;
  category_id: number | null;
  category?: { id: number; name: string } | null;
  period: string | null;
  size: number;
  deleted_at: string;
  /** When the retention job removes it for good. */
  purges_at: string;
  uploaded_by?: { id: number; name: string } | null;
  deleted_by?: { id: number; name: string } | null;
}

export interface Trash {
  retention_days: number;
  data: TrashedDocument[];
}

/** POST {clientUrl}/trash: the client's deleted documents the caller may see, newest deletion first. */
export async function getTrash(clientUrl: string, signal?: AbortSignal): Promise<Trash> {
  const response = await http.post<Trash>(`${clientUrl}/trash`, undefined, { signal });
  return response.data;
}

/** POST {clientUrl}/media/{id}/restore: back from the trash. */
export async function restoreDocument(clientUrl: string, documentId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(`${clientUrl}/media/${documentId}/restore`);
  return response.data;
}
