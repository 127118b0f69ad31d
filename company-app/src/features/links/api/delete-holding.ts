import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST holdings/{id}/delete: unlinks the holding from the company; no client or file is lost. */
export async function deleteHolding(companyId: number, holdingId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `holdings/${holdingId}/delete`));
  return response.data;
}
