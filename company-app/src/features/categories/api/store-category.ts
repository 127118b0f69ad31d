import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { Category, CategoryScope } from './list-categories';

export interface StoreCategoryInput {
  name: string;
  holding_id: CategoryScope;
}

/**
 * POST storeCategory: a new category at the end of its set. A holding still on
 * the default set first gets its own copy of it.
 */
export async function storeCategory(companyId: number, input: StoreCategoryInput): Promise<{ data: Category }> {
  const response = await http.post<{ data: Category }>(companyUrl(companyId, 'storeCategory'), input);
  return response.data;
}
