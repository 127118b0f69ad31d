import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** A utility file (template, form) shared by one of the holding's accounting companies; read-only here. */
export interface UtilityFile {
  id: number;
  media_id: number;
  title: string;
  description?: string | null;
  company: { id: number; name: string };
  original_name?: string;
  mime?: string;
  size?: number;
  created_at?: string;
  updated_at?: string;
}

export interface UtilsListInput {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: 'title' | 'created_at';
  direction?: 'asc' | 'desc';
}

/** GET /api/holding/{holdingId}/utils: the utility files of the companies the holding works with. */
export async function listUtils(
  holdingId: number,
  input: UtilsListInput,
  signal?: AbortSignal,
): Promise<Paged<UtilityFile>> {
  const response = await http.get<Paged<UtilityFile>>(holdingUrl(holdingId, 'utils'), {
    params: compact(input),
    signal,
  });
  return response.data;
}

export function useUtilsList(holdingId: number | null, input: UtilsListInput) {
  return useRequest(
    (signal) => listUtils(holdingId as number, input, signal),
    [holdingId, input.page, input.per_page, input.search, input.sort, input.direction],
    holdingId !== null,
  );
}
