import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { UtilityFile } from '@dosar/shared';

export interface UtilFormInput {
  title: string;
  description: string;
  /** Required on create; on update only when the file is replaced. */
  file: File | null;
}

export interface UtilSaveOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function utilFormData(input: UtilFormInput): FormData {
  const body = new FormData();
  body.append('title', input.title);
  body.append('description', input.description);
  if (input.file) body.append('file', input.file, input.file.name);
  return body;
}

/** POST storeUtil (multipart: title, description, file). */
export async function storeUtil(
  companyId: number,
  input: UtilFormInput,
  options: UtilSaveOptions = {},
): Promise<{ data: UtilityFile }> {
  const response = await http.post<{ data: UtilityFile }>(companyUrl(companyId, 'storeUtil'), utilFormData(input), {
    signal: options.signal,
    onUploadProgress: (e) => options.onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  return response.data;
}
