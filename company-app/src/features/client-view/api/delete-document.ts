import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST clients/{clientId}/media/{documentId}/delete (soft delete). */
export async function deleteDocument(companyId: number, clientId: number, documentId: number): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `clients/${clientId}/media/${documentId}/delete`));
  return response.data;
}
