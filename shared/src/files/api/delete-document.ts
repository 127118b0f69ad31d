import { http } from '../../http/http';

/** POST {clientUrl}/media/{documentId}/delete (soft delete). */
export async function deleteDocument(clientUrl: string, documentId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(`${clientUrl}/media/${documentId}/delete`);
  return response.data;
}
