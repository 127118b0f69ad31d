import { http } from '../http/http';
import { compact, type SortDirection } from '../lib/list-query';
import { useRequest } from '../lib/use-request';
import type { Paged } from '../types';

/**
 * A tenant's user as both doors answer it (/api/company/{id}/users and
 * /api/holding/{id}/users): roles 2–3 on the company door, 4–5 on the holding door.
 */
export interface TenantUser {
  id: number;
  name: string;
  email: string;
  role: number;
  created_at?: string;
  last_seen_at?: string | null;
  /** Invited by e-mail, the password not set yet. */
  invited: boolean;
}

export interface TenantUsersQuery {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: 'name' | 'email' | 'role' | 'created_at';
  direction?: SortDirection;
}

/** What a door's user form sends; each door accepts its own two roles. */
export interface TenantUserInput {
  name: string;
  email: string;
  role: number;
}

/** A saved user: its message and, depending on the door, the user under `data` or `user`. */
export interface TenantUserSaved {
  message?: string;
  data?: TenantUser;
  user?: TenantUser;
}

/** GET {door}/users: the tenant's users, paged and searched on the server. `apiBase` is /api/company/{id} or /api/holding/{id}. */
export async function listTenantUsers(
  apiBase: string,
  query: TenantUsersQuery,
  signal?: AbortSignal,
): Promise<Paged<TenantUser>> {
  const response = await http.get<Paged<TenantUser>>(`${apiBase}/users`, { params: compact(query), signal });
  return response.data;
}

/** The users list, reloaded when the query changes; waits while `apiBase` is null (no tenant yet). */
export function useTenantUsers(apiBase: string | null, query: TenantUsersQuery) {
  const { page, per_page, search, sort, direction } = query;
  return useRequest(
    (signal) => listTenantUsers(apiBase as string, { page, per_page, search, sort, direction }, signal),
    [apiBase, page, per_page, search, sort, direction],
    apiBase !== null,
  );
}

/** POST {door}/storeUser: the new user gets an e-mail with a link to set the password. */
export async function storeTenantUser(apiBase: string, input: TenantUserInput): Promise<TenantUserSaved> {
  const response = await http.post<TenantUserSaved>(`${apiBase}/storeUser`, input);
  return response.data;
}

/** POST {door}/users/{id}/update (the server keeps the tenant's last privileged user). */
export async function updateTenantUser(
  apiBase: string,
  userId: number,
  input: Partial<TenantUserInput>,
): Promise<TenantUserSaved> {
  const response = await http.post<TenantUserSaved>(`${apiBase}/users/${userId}/update`, input);
  return response.data;
}

/** POST {door}/users/{id}/delete (the user's sessions end; the last privileged user stays). */
export async function deleteTenantUser(apiBase: string, userId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(`${apiBase}/users/${userId}/delete`);
  return response.data;
}
