import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { CompanyRole, CompanyUser } from './list-users';

export interface UserInput {
  name: string;
  email: string;
  role: CompanyRole;
}

/** POST storeUser: the new user gets an e-mail with a link to set the password. */
export async function storeUser(companyId: number, input: UserInput): Promise<{ data: CompanyUser }> {
  const response = await http.post<{ data: CompanyUser }>(companyUrl(companyId, 'storeUser'), input);
  return response.data;
}
