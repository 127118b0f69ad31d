import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import type { HoldingRole, HoldingUser } from './list-users';

export interface UserInput {
  name: string;
  email: string;
  role: HoldingRole;
}

export interface UserSaved {
  message?: string;
  user?: HoldingUser;
}

/** POST /api/holding/{holdingId}/storeUser: the new user gets an e-mail to set a password. */
export async function storeUser(holdingId: number, input: UserInput): Promise<UserSaved> {
  const response = await http.post<UserSaved>(holdingUrl(holdingId, 'storeUser'), input);
  return response.data;
}
