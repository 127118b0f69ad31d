import { compact, companyUrl } from '../../../lib/company-api';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../../../lib/blob-request';

export interface CollectionFilters {
  period?: string;
  category_id?: number;
}

/** POST clients/{clientId}/collection: every document (or the filtered ones) as one zip. */
export function downloadCollection(
  companyId: number,
  clientId: number,
  filters: CollectionFilters,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(companyUrl(companyId, `clients/${clientId}/collection`), compact(filters), options);
}
