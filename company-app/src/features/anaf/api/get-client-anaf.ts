import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { RegistryState, SpvSync } from './get-anaf-overview';

export interface ClientAnaf {
  registry: RegistryState | null;
  spv: SpvSync;
}

/** POST clients/{id}/anaf: one client's registry state (with the nightly flag) and its SPV sync. */
export async function getClientAnaf(companyId: number, clientId: number, signal?: AbortSignal): Promise<ClientAnaf> {
  const response = await http.post<ClientAnaf>(companyUrl(companyId, `clients/${clientId}/anaf`), {}, { signal });
  return response.data;
}
