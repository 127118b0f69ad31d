import { compact } from '../../lib/list-query';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../../lib/post-for-blob';

export interface CollectionFilters {
  /** YYYY-MM */
  period?: string;
  category_id?: number;
  /** Only these documents (a selection). */
  ids?: number[];
}

/** POST {clientUrl}/collection: every document (or the filtered ones) as one streamed zip. */
export function downloadCollection(
  clientUrl: string,
  filters: CollectionFilters,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(`${clientUrl}/collection`, compact(filters), options);
}
