import { compact, http, useRequest, type ListQuery, type Paged } from '@dosar/shared';
import { companyUrl } from '../company-api';

/** A holding the company works with, as POST holdings lists it. */
export interface HoldingRow {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  clients_count?: number;
  users_count?: number;
  /** Role 4 users: none means notify sends an invitation. */
  admins_count?: number;
  categories_count?: number;
  linked_at?: string | null;
}

/** POST holdings: the company's holdings, paged and searched on the server. Shared by several screens. */
export async function listHoldings(
  companyId: number,
  input: ListQuery = {},
  signal?: AbortSignal,
): Promise<Paged<HoldingRow>> {
  const response = await http.post<Paged<HoldingRow>>(companyUrl(companyId, 'holdings'), compact(input), { signal });
  return response.data;
}

export interface Option {
  value: string;
  label: string;
}

/**
 * Every holding as Select options (first 100 by name: a company works with a handful).
 * `enabled: false` asks nothing (POST holdings is role 2 only: a staff screen must not call it).
 */
export function useHoldingOptions(companyId: number, enabled = true) {
  const state = useRequest(
    (signal) => listHoldings(companyId, { page: 1, per_page: 100, sort: 'name', direction: 'asc' }, signal),
    [companyId],
    enabled,
  );
  const options: Option[] = (state.data?.data ?? []).map((h) => ({ value: String(h.id), label: h.name }));
  return { ...state, options };
}
