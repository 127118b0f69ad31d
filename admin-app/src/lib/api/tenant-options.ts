import { http, useRequest, type Paged } from '@dosar/shared';
import { adminUrl } from '../admin-api';

export interface TenantOption {
  kind: 'company' | 'holding';
  id: number;
  name: string;
}

/** Companies and holdings (first 100 of each, by name) to pick a tenant from. */
export async function listTenantOptions(signal?: AbortSignal): Promise<TenantOption[]> {
  const params = { per_page: 100, sort: 'name' };
  const [companies, holdings] = await Promise.all([
    http.get<Paged<{ id: number; name: string }>>(adminUrl('companies'), { params, signal }),
    http.get<Paged<{ id: number; name: string }>>(adminUrl('holdings'), { params, signal }),
  ]);
  return [
    ...companies.data.data.map((c) => ({ kind: 'company' as const, id: c.id, name: c.name })),
    ...holdings.data.data.map((h) => ({ kind: 'holding' as const, id: h.id, name: h.name })),
  ];
}

export function useTenantOptions() {
  return useRequest((signal) => listTenantOptions(signal), []);
}

/** 'company:3' / 'holding:7' ⇄ a tenant. */
export const tenantKey = (t: Pick<TenantOption, 'kind' | 'id'>): string => `${t.kind}:${t.id}`;
