import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import type { UserInput, UserSaved } from './store-user';

/** POST /api/holding/{holdingId}/users/{id}/update. */
export async function updateUser(holdingId: number, userId: number, input: Partial<UserInput>): Promise<UserSaved> {
  const response = await http.post<UserSaved>(holdingUrl(holdingId, `users/${userId}/update`), input);
  return response.data;
}
