import { http, useRequest } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

export interface Category {
  id: number;
  name: string;
  position: number;
  holding_id: number | null;
}

/** null = the company's default set; otherwise one holding's set. */
export type CategoryScope = number | null;

export interface CategorySet {
  data: Category[];
  holding_id?: number | null;
  /** True when the holding has no set of its own and uses the company default. */
  inherited?: boolean;
}

export const byPosition = (a: Category, b: Category) => a.position - b.position || a.id - b.id;

/** GET categories?holding_id=: the set that applies, in order. */
export async function listCategories(
  companyId: number,
  holdingId: CategoryScope,
  signal?: AbortSignal,
): Promise<CategorySet> {
  const params = holdingId === null ? {} : { holding_id: holdingId };
  const response = await http.get<CategorySet>(companyUrl(companyId, 'categories'), { params, signal });
  return { ...response.data, data: [...response.data.data].sort(byPosition) };
}

export function useCategories(companyId: number, holdingId: CategoryScope) {
  return useRequest((signal) => listCategories(companyId, holdingId, signal), [companyId, holdingId]);
}
