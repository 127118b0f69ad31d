import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** POST /api/holding/{holdingId}/clients/{clientId}/media/{documentId}/delete (soft delete). */
export async function deleteDocument(
  holdingId: number,
  clientId: number,
  documentId: number,
): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(
    holdingUrl(holdingId, `clients/${clientId}/media/${documentId}/delete`),
  );
  return response.data;
}
