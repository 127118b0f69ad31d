import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** A utility file (template, form) the company shares with its staff and holdings. */
export interface UtilityFile {
  id: number;
  media_id: number;
  title: string;
  description: string | null;
  file: { name: string; mime: string; size: number };
  created_at?: string;
  updated_at?: string;
}

/** The server lists newest first; it takes no sort. */
export interface UtilsQuery {
  page?: number;
  per_page?: number;
  search?: string;
}

/** GET utils: the company's utility files, paged and searched on the server. */
export async function listUtils(
  companyId: number,
  query: UtilsQuery,
  signal?: AbortSignal,
): Promise<Paged<UtilityFile>> {
  const response = await http.get<Paged<UtilityFile>>(companyUrl(companyId, 'utils'), {
    params: compact(query),
    signal,
  });
  return response.data;
}

export function useUtils(companyId: number, query: UtilsQuery) {
  const { page, per_page, search } = query;
  return useRequest(
    (signal) => listUtils(companyId, { page, per_page, search }, signal),
    [companyId, page, per_page, search],
  );
}

/** The file name to show for a utility file. */
export function utilFileName(util: UtilityFile): string {
  return util.file?.name ?? util.title;
}
