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
  /** Set on the archived list only. */
  archived_at?: string | null;
}

export type ClientSort = 'name' | 'created_at' | 'last_upload';

export interface ListClientsInput extends ListQuery {
  sort?: ClientSort;
  /** A holding id; 0 = clients outside any holding; absent = all. */
  holding_id?: number;
  /** The archived clients instead of the live ones (role 2). */
  archived?: boolean;
}

/** POST clients: the company's clients (or its archived ones), searched by name or CUI, filtered by holding. */
export async function listClients(
  companyId: number,
  input: ListClientsInput,
  signal?: AbortSignal,
): Promise<Paged<ClientListItem>> {
  const response = await http.post<Paged<ClientListItem>>(companyUrl(companyId, 'clients'), compact(input), { signal });
  return response.data;
}

export function useClients(companyId: number, input: ListClientsInput) {
  const { page, per_page, search, sort, direction, holding_id, archived } = input;
  return useRequest(
    (signal) =>
      listClients(
        companyId,
        { page, per_page, search, sort, direction, holding_id, archived: archived || undefined },
        signal,
      ),
    [companyId, page, per_page, search, sort, direction, holding_id, archived],
  );
}
