import { http } from '../../http/http';

export interface StoreFileInput {
  file: File;
  category_id: number | null;
  /** YYYY-MM */
  period: string;
  /** A checklist item the file answers: the server takes its category and month from it. */
  item_id?: number;
}

export interface StoreFilesResponse {
  message?: string;
}

export interface TransferOptions {
  /** Bytes sent so far and the total (the multipart body, a little above the file size). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST {clientUrl}/storeFiles (multipart): the batch's category and month, then the file
 * under `files`. One file per call, so each has its own progress and its own result.
 * `clientUrl` is the client's base URL in the caller's area, e.g. /api/company/1/clients/7.
 */
export async function storeFile(
  clientUrl: string,
  input: StoreFileInput,
  options: TransferOptions = {},
): Promise<StoreFilesResponse> {
  const body = new FormData();
  if (input.category_id !== null) body.append('category_id', String(input.category_id));
  body.append('period', input.period);
  if (input.item_id !== undefined) body.append('item_id', String(input.item_id));
  body.append('files', input.file, input.file.name);
  const response = await http.post<StoreFilesResponse>(`${clientUrl}/storeFiles`, body, {
    signal: options.signal,
    onUploadProgress: (event) => options.onProgress?.(event.loaded, event.total ?? input.file.size),
  });
  return response.data;
}
