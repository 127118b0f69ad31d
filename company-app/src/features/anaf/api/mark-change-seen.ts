import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { RegistryState } from './get-anaf-overview';

/** POST clients/{id}/anaf/seen: the last registry change of the client is marked seen. */
export async function markChangeSeen(companyId: number, clientId: number): Promise<RegistryState | null> {
  const response = await http.post<{ registry: RegistryState | null }>(
    companyUrl(companyId, `clients/${clientId}/anaf/seen`),
    {},
  );
  return response.data.registry;
}
