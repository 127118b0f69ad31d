import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** An accounting company the holding works with. */
export interface LinkedCompany {
  id: number;
  name: string;
  cui?: string | null;
  email?: string | null;
  phone?: string | null;
  linked_at?: string;
  clients_count: number;
}

export interface CompaniesInput {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: 'name' | 'linked_at';
  direction?: 'asc' | 'desc';
}

/** GET /api/holding/{holdingId}/companies: the accounting companies linked to the holding. */
export async function listCompanies(
  holdingId: number,
  input: CompaniesInput,
  signal?: AbortSignal,
): Promise<Paged<LinkedCompany>> {
  const response = await http.get<Paged<LinkedCompany>>(holdingUrl(holdingId, 'companies'), {
    params: compact(input),
    signal,
  });
  return response.data;
}

export function useCompanies(holdingId: number | null, input: CompaniesInput) {
  return useRequest(
    (signal) => listCompanies(holdingId as number, input, signal),
    [holdingId, input.page, input.per_page, input.search, input.sort, input.direction],
    holdingId !== null,
  );
}
