import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { SpvSync } from './get-anaf-overview';

/** POST clients/{id}/spv: turns the client's invoice sync from SPV on or off. */
export async function setClientSpv(
  companyId: number,
  clientId: number,
  enabled: boolean,
): Promise<{ message: string; data: SpvSync }> {
  const response = await http.post<{ message: string; data: SpvSync }>(
    companyUrl(companyId, `clients/${clientId}/spv`),
    {
      enabled,
    },
  );
  return response.data;
}
