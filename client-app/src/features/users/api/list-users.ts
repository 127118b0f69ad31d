import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

export type HoldingRole = 4 | 5;

/** A user of the holding (role 4 administrator or role 5 user). */
export interface HoldingUser {
  id: number;
  name: string;
  email: string;
  role: number;
  /** False until the user sets a password from the e-mail. */
  has_password?: boolean;
  last_seen_at?: string | null;
  created_at?: string;
}

export interface UsersInput {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: 'name' | 'email' | 'role' | 'created_at';
  direction?: 'asc' | 'desc';
}

/** GET /api/holding/{holdingId}/users. */
export async function listUsers(
  holdingId: number,
  input: UsersInput,
  signal?: AbortSignal,
): Promise<Paged<HoldingUser>> {
  const response = await http.get<Paged<HoldingUser>>(holdingUrl(holdingId, 'users'), {
    params: compact(input),
    signal,
  });
  return response.data;
}

export function useUsers(holdingId: number | null, input: UsersInput) {
  return useRequest(
    (signal) => listUsers(holdingId as number, input, signal),
    [holdingId, input.page, input.per_page, input.search, input.sort, input.direction],
    holdingId !== null,
  );
}
