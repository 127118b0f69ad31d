import { holdingUrl } from '../../../lib/holding-api';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../../../lib/post-for-blob';

export type { DownloadOptions, DownloadedFile };

/** POST /api/holding/{holdingId}/clients/{clientId}/media/{mediaId}: one document as a file. */
export function downloadDocument(
  holdingId: number,
  clientId: number,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(holdingUrl(holdingId, `clients/${clientId}/media/${mediaId}`), undefined, options);
}
