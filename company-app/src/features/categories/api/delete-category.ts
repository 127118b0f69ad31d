import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST categories/{id}/delete (soft: documents filed under it keep its name). */
export async function deleteCategory(companyId: number, categoryId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `categories/${categoryId}/delete`));
  return response.data;
}
