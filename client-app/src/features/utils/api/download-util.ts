import { postForBlob, type DownloadOptions, type DownloadedFile } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** POST /api/holding/{holdingId}/utils/{mediaId}: the utility file's content and its file name. */
export function downloadUtil(
  holdingId: number,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(holdingUrl(holdingId, `utils/${mediaId}`), undefined, options);
}
