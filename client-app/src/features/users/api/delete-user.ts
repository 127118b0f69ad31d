import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** POST /api/holding/{holdingId}/users/{id}/delete (soft delete; the user's sessions end). */
export async function deleteUser(holdingId: number, userId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(holdingUrl(holdingId, `users/${userId}/delete`));
  return response.data;
}
