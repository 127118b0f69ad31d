import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { Category } from './list-categories';

/** POST categories/{id}/update: rename. */
export async function updateCategory(
  companyId: number,
  categoryId: number,
  input: { name: string },
): Promise<{ data: Category }> {
  const response = await http.post<{ data: Category }>(companyUrl(companyId, `categories/${categoryId}/update`), input);
  return response.data;
}
