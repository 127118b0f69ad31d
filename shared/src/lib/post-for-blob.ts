import { http } from '../http/http';
import { filenameFromDisposition } from './download';

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

/** POSTs and reads the answer as a Blob, with download progress and the Content-Disposition file name. */
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
