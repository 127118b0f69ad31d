import { filenameFromDisposition, http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

export interface DownloadOptions {
  onProgress?: (loaded: number, total: number | undefined) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

function headerValue(headers: unknown, name: string): string | null {
  if (!headers || typeof headers !== 'object') return null;
  const h = headers as { get?: (n: string) => unknown } & Record<string, unknown>;
  const value = typeof h.get === 'function' ? h.get(name) : (h[name] ?? h[name.toLowerCase()]);
  return typeof value === 'string' ? value : null;
}

/** The blob of a binary answer and the file name its Content-Disposition carries. */
export async function postForBlob(url: string, body: unknown, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const response = await http.post<Blob>(url, body, {
    responseType: 'blob',
    signal: options.signal,
    onDownloadProgress: (event) => options.onProgress?.(event.loaded, event.total),
  });
  return {
    blob: response.data,
    filename: filenameFromDisposition(headerValue(response.headers, 'content-disposition')),
  };
}

/** POST clients/{clientId}/media/{mediaId}: one document as a file. */
export function downloadDocument(
  companyId: number,
  clientId: number,
  mediaId: number,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(companyUrl(companyId, `clients/${clientId}/media/${mediaId}`), undefined, options);
}
