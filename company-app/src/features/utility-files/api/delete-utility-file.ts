import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST utils/{id}/delete. */
export async function deleteUtil(companyId: number, utilId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `utils/${utilId}/delete`));
  return response.data;
}
