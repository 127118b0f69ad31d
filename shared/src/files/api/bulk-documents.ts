import { http } from '../../http/http';

export type BulkAction = { action: 'move'; category_id?: number | null; period?: string } | { action: 'delete' };

/** POST {clientUrl}/media/bulk: moves or deletes (to the trash) 1–100 documents, all or nothing. */
export async function bulkDocuments(
  clientUrl: string,
  ids: number[],
  action: BulkAction,
): Promise<{ message?: string; count: number }> {
  const response = await http.post<{ message?: string; count: number }>(`${clientUrl}/media/bulk`, {
    ids,
    ...action,
  });
  return response.data;
}
