import { compact, holdingUrl } from '../../../lib/holding-api';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../../../lib/post-for-blob';

export interface CollectionFilters {
  period?: string;
  category_id?: number;
}

/** POST /api/holding/{holdingId}/clients/{clientId}/collection: all documents (or the filtered ones) as one zip. */
export function downloadCollection(
  holdingId: number,
  clientId: number,
  filters: CollectionFilters,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(holdingUrl(holdingId, `clients/${clientId}/collection`), compact(filters), options);
}
