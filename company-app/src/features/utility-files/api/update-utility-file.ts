import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { UtilityFile } from '@dosar/shared';
import { utilFormData, type UtilFormInput, type UtilSaveOptions } from './store-utility-file';

/** POST utils/{id}/update (multipart: title, description and, to replace it, file). */
export async function updateUtil(
  companyId: number,
  utilId: number,
  input: UtilFormInput,
  options: UtilSaveOptions = {},
): Promise<{ data: UtilityFile }> {
  const response = await http.post<{ data: UtilityFile }>(
    companyUrl(companyId, `utils/${utilId}/update`),
    utilFormData(input),
    { signal: options.signal, onUploadProgress: (e) => options.onProgress?.(e.total ? e.loaded / e.total : 0) },
  );
  return response.data;
}
