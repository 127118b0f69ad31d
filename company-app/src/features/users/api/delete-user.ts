import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST users/{id}/delete (the server refuses to delete the last owner). */
export async function deleteUser(companyId: number, userId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `users/${userId}/delete`));
  return response.data;
}
