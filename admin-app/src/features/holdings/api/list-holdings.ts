import { compact, http, useRequest, type ListQuery, type Paged } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';

export interface HoldingListItem {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  created_at: string;
  companies_count: number;
  users_count: number;
  clients_count: number;
  plan_name: string | null;
  subscription_status: 'trial' | 'active' | 'expired' | null;
  current_period_end: string | null;
}

/** GET /api/admin/holdings: search (name, CUI, e-mail), sort, page. */
export async function listHoldings(query: ListQuery, signal?: AbortSignal): Promise<Paged<HoldingListItem>> {
  const { data } = await http.get<Paged<HoldingListItem>>(adminUrl('holdings'), { params: compact(query), signal });
  return data;
}

export function useHoldings(query: ListQuery) {
  const { page, per_page, search, sort, direction } = query;
  return useRequest(
    (signal) => listHoldings({ page, per_page, search, sort, direction }, signal),
    [page, per_page, search, sort, direction],
  );
}
