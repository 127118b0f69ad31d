import { compact, http, useRequest, type ListQuery, type Paged } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

export type CompanyRole = 2 | 3;

/** A company user (roles 2 and 3). */
export interface CompanyUser {
  id: number;
  name: string;
  email: string;
  role: CompanyRole;
  /** Invited, the password not set yet. */
  invited: boolean;
  last_seen_at?: string | null;
  created_at?: string;
}

/** The server orders the list itself; it takes no sort. */
export type UsersQuery = Pick<ListQuery, 'page' | 'per_page' | 'search'>;

/** GET users: the company's users, paged and searched on the server. */
export async function listUsers(
  companyId: number,
  query: UsersQuery,
  signal?: AbortSignal,
): Promise<Paged<CompanyUser>> {
  const response = await http.get<Paged<CompanyUser>>(companyUrl(companyId, 'users'), {
    params: compact(query),
    signal,
  });
  return response.data;
}

export function useUsers(companyId: number, query: UsersQuery) {
  const { page, per_page, search } = query;
  return useRequest(
    (signal) => listUsers(companyId, { page, per_page, search }, signal),
    [companyId, page, per_page, search],
  );
}
