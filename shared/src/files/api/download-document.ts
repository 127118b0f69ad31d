import { postForBlob, type DownloadOptions, type DownloadedFile } from '../../lib/post-for-blob';

/** POST {clientUrl}/media/{mediaId}: one document as a file. */
export function downloadDocument(
  clientUrl: string,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(`${clientUrl}/media/${mediaId}`, undefined, options);
}
