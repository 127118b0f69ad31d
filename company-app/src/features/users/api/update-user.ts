import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { CompanyUser } from './list-users';
import type { UserInput } from './store-user';

/** POST users/{id}/update (the server refuses to demote the last owner). */
export async function updateUser(companyId: number, userId: number, input: UserInput): Promise<{ data: CompanyUser }> {
  const response = await http.post<{ data: CompanyUser }>(companyUrl(companyId, `users/${userId}/update`), input);
  return response.data;
}
