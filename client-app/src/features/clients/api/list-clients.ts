import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

export type ClientSort = 'name' | 'created_at' | 'documents_count' | 'last_upload_at' | 'new_count';

export interface ClientListInput {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: ClientSort;
  direction?: 'asc' | 'desc';
  company_id?: number;
}

/** One client of the holding, with its documents per month and what is new since the last visit. */
export interface HoldingClient {
  id: number;
  name: string;
  cui?: string | null;
  email?: string | null;
  phone?: string | null;
  company: { id: number; name: string };
  documents_count: number;
  /** Documents uploaded since the user's previous visit. */
  new_count: number;
  last_upload_at?: string | null;
  /** One entry per period of meta.periods. */
  months: { period: string; count: number }[];
}

export interface ClientList extends Paged<HoldingClient> {
  meta: Paged<HoldingClient>['meta'] & {
    /** The previous visit new_count is measured from; null on the first visit. */
    since?: string | null;
    /** The months the counts cover (YYYY-MM), the current one first. */
    periods?: string[];
  };
}

/** POST /api/holding/{holdingId}/index: the holding's clients, paged and searchable. */
export async function listClients(
  holdingId: number,
  input: ClientListInput,
  signal?: AbortSignal,
): Promise<ClientList> {
  const response = await http.post<ClientList>(holdingUrl(holdingId, 'index'), compact(input), { signal });
  return response.data;
}

export function useClientList(holdingId: number | null, input: ClientListInput) {
  return useRequest(
    (signal) => listClients(holdingId as number, input, signal),
    [holdingId, input.page, input.per_page, input.search, input.sort, input.direction, input.company_id],
    holdingId !== null,
  );
}
