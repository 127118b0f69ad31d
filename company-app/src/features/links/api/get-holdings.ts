import { useRequest, type SortDirection } from '@dosar/shared';
import { listHoldings } from '../../../lib/api/list-holdings';

export type { HoldingRow } from '../../../lib/api/list-holdings';

/** created_at = when the holding was linked to the company. */
export type HoldingSort = 'name' | 'created_at';

export interface HoldingsQuery {
  page: number;
  per_page: number;
  search: string;
  sort: HoldingSort;
  direction: SortDirection;
}

/** POST holdings for the holdings screen (the call itself is shared: lib/api/list-holdings.ts). */
export function useHoldings(companyId: number, query: HoldingsQuery) {
  const { page, per_page, search, sort, direction } = query;
  return useRequest(
    (signal) => listHoldings(companyId, { page, per_page, search, sort, direction }, signal),
    [companyId, page, per_page, search, sort, direction],
  );
}
