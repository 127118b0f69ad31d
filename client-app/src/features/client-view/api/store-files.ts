import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import type { ClientDocument } from './get-client';

export interface StoreFileInput {
  file: File;
  category_id: number | null;
  /** YYYY-MM */
  period: string;
}

export interface StoreFilesResponse {
  message?: string;
  documents?: ClientDocument[];
}

export interface TransferOptions {
  /** Bytes sent so far and the total (the multipart body, a little above the file size). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/holding/{holdingId}/clients/{clientId}/storeFiles (multipart): the batch's
 * category and month, then the file under `files`. One file per call, so each has its
 * own progress and its own result.
 */
export async function storeFile(
  holdingId: number,
  clientId: number,
  input: StoreFileInput,
  options: TransferOptions = {},
): Promise<StoreFilesResponse> {
  const body = new FormData();
  if (input.category_id !== null) body.append('category_id', String(input.category_id));
  body.append('period', input.period);
  body.append('files', input.file, input.file.name);
  const response = await http.post<StoreFilesResponse>(holdingUrl(holdingId, `clients/${clientId}/storeFiles`), body, {
    signal: options.signal,
    onUploadProgress: (event) => options.onProgress?.(event.loaded, event.total ?? input.file.size),
  });
  return response.data;
}
