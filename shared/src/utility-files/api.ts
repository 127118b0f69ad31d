import { http } from '../http/http';
import { compact, type SortDirection } from '../lib/list-query';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../lib/post-for-blob';
import { useRequest } from '../lib/use-request';
import type { Paged } from '../types';

/**
 * A utility file (template, form) an accounting company shares with its staff and its
 * holdings. The company door describes the file under `file`; the holding door gives its
 * name and size flat, plus the company that published it.
 */
export interface UtilityFile {
  id: number;
  media_id: number;
  title: string;
  description?: string | null;
  file?: { name: string; mime: string; size: number };
  original_name?: string;
  mime?: string;
  size?: number;
  company?: { id: number; name: string };
  created_at?: string;
  updated_at?: string;
}

export interface UtilityFilesQuery {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: 'title' | 'created_at';
  direction?: SortDirection;
}

/** The file's name as the door gives it (the title when it gives none). */
export function utilityFileName(util: UtilityFile): string {
  return util.file?.name ?? util.original_name ?? util.title;
}

/** The file's size in bytes, when the door gives it. */
export function utilityFileSize(util: UtilityFile): number | undefined {
  return util.file?.size ?? util.size;
}

/** GET {door}/utils: the utility files, paged and searched on the server. */
export async function listUtilityFiles(
  apiBase: string,
  query: UtilityFilesQuery,
  signal?: AbortSignal,
): Promise<Paged<UtilityFile>> {
  const response = await http.get<Paged<UtilityFile>>(`${apiBase}/utils`, { params: compact(query), signal });
  return response.data;
}

/** The list, reloaded when the query changes; waits while `apiBase` is null (no tenant yet). */
export function useUtilityFiles(apiBase: string | null, query: UtilityFilesQuery) {
  const { page, per_page, search, sort, direction } = query;
  return useRequest(
    (signal) => listUtilityFiles(apiBase as string, { page, per_page, search, sort, direction }, signal),
    [apiBase, page, per_page, search, sort, direction],
    apiBase !== null,
  );
}

/** POST {door}/utils/{mediaId}: the file's content and the name it is saved under. */
export function downloadUtilityFile(
  apiBase: string,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(`${apiBase}/utils/${mediaId}`, undefined, options);
}
