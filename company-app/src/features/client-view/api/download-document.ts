import { companyUrl } from '../../../lib/company-api';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../../../lib/blob-request';

export type { DownloadOptions, DownloadedFile } from '../../../lib/blob-request';

/** POST clients/{clientId}/media/{mediaId}: one document as a file. */
export function downloadDocument(
  companyId: number,
  clientId: number,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(companyUrl(companyId, `clients/${clientId}/media/${mediaId}`), undefined, options);
}
