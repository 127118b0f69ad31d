import { http } from '../../http/http';

/** A tenant's sign-in rule and how many of its users it still leaves out. */
export interface TenantSecurity {
  require_two_factor: boolean;
  users_without_two_factor: number;
}

/** POST {apiBase}/security (apiBase: /api/company/{id} for role 2, /api/holding/{id} for role 4). */
export async function getTenantSecurity(apiBase: string, signal?: AbortSignal): Promise<TenantSecurity> {
  const { data } = await http.post<TenantSecurity>(`${apiBase}/security`, undefined, { signal, silent: true });
  return data;
}

/** POST {apiBase}/security/update {require_two_factor}. */
export async function updateTenantSecurity(apiBase: string, requireTwoFactor: boolean): Promise<TenantSecurity> {
  const { data } = await http.post<TenantSecurity>(`${apiBase}/security/update`, {
    require_two_factor: requireTwoFactor,
  });
  return data;
}
