import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** clients/{id}/update: any of the client's fields and its holding (null: none). */
export interface UpdateClientInput {
  name?: string;
  cui?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  holding_id?: number | null;
}

export interface SavedClient {
  id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  notes?: string | null;
  holding: { id: number; name: string } | null;
}

interface Saved {
  message: string;
  data: SavedClient;
}

export async function updateClient(companyId: number, clientId: number, input: UpdateClientInput): Promise<Saved> {
  return (await http.post<Saved>(companyUrl(companyId, `clients/${clientId}/update`), input)).data;
}

/** clients/{id}/delete: archives the client (its documents stay; "Restaurează" brings it back). */
export async function archiveClient(companyId: number, clientId: number): Promise<{ message: string }> {
  return (await http.post<{ message: string }>(companyUrl(companyId, `clients/${clientId}/delete`))).data;
}

/** clients/{id}/restore: an archived client back among the live ones (within the plan). */
export async function restoreClient(companyId: number, clientId: number): Promise<Saved> {
  return (await http.post<Saved>(companyUrl(companyId, `clients/${clientId}/restore`))).data;
}
