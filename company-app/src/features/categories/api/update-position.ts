import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { Category, CategoryScope } from './list-categories';

export interface UpdatePositionInput {
  holding_id: CategoryScope;
  /** Every category of the set, in the new order (position = index). */
  ids: number[];
}

/** POST categories/updatePosition: the whole set's new order; answers the reordered set. */
export async function updatePositions(companyId: number, input: UpdatePositionInput): Promise<{ data: Category[] }> {
  const response = await http.post<{ data: Category[] }>(companyUrl(companyId, 'categories/updatePosition'), input);
  return response.data;
}
