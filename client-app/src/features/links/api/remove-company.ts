import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** POST /api/holding/{holdingId}/company/{id}/delete: unlinks the company; no client or document is lost. */
export async function removeCompany(holdingId: number, companyId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(holdingUrl(holdingId, `company/${companyId}/delete`));
  return response.data;
}
