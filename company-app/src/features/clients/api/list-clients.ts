import { compact, http, useRequest, type ListQuery, type Paged } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** One row of POST clients. */
export interface ClientListItem {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  holding: { id: number; name: string } | null;
  documents_count: number;
  last_upload_at: string | null;
  created_at?: string;
}

export type ClientSort = 'name' | 'created_at' | 'last_upload';

export interface ListClientsInput extends ListQuery {
  sort?: ClientSort;
  /** A holding id; 0 = clients outside any holding; absent = all. */
  holding_id?: number;
}

/** POST clients: the company's clients, searched by name or CUI, filtered by holding. */
export async function listClients(
  companyId: number,
  input: ListClientsInput,
  signal?: AbortSignal,
): Promise<Paged<ClientListItem>> {
  const response = await http.post<Paged<ClientListItem>>(companyUrl(companyId, 'clients'), compact(input), { signal });
  return response.data;
}

export function useClients(companyId: number, input: ListClientsInput) {
  const { page, per_page, search, sort, direction, holding_id } = input;
  return useRequest(
    (signal) => listClients(companyId, { page, per_page, search, sort, direction, holding_id }, signal),
    [companyId, page, per_page, search, sort, direction, holding_id],
  );
}
