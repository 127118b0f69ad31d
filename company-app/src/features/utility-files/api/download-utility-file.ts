import { postForBlob, type DownloadOptions, type DownloadedFile } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST utils/{mediaId}: the utility file's content. */
export function downloadUtil(
  companyId: number,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(companyUrl(companyId, `utils/${mediaId}`), undefined, options);
}
