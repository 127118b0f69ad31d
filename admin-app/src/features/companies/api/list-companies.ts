import { compact, http, useRequest, type ListQuery, type Paged } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';

export interface CompanyListItem {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  status: 'active' | 'suspended';
  created_at: string;
  users_count: number;
  clients_count: number;
  plan_name: string | null;
  subscription_status: 'trial' | 'active' | 'expired' | null;
  current_period_end: string | null;
}

export interface CompaniesQuery extends ListQuery {
  status?: 'active' | 'suspended' | '';
}

/** GET /api/admin/companies: search (name, CUI, e-mail), status filter, sort, page. */
export async function listCompanies(query: CompaniesQuery, signal?: AbortSignal): Promise<Paged<CompanyListItem>> {
  const { data } = await http.get<Paged<CompanyListItem>>(adminUrl('companies'), { params: compact(query), signal });
  return data;
}

export function useCompanies(query: CompaniesQuery) {
  const { page, per_page, search, status, sort, direction } = query;
  return useRequest(
    (signal) => listCompanies({ page, per_page, search, status, sort, direction }, signal),
    [page, per_page, search, status, sort, direction],
  );
}
