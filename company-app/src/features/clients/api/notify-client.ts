import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

export interface NotifyInput {
  message: string;
}

/** POST clients/{id}/notify: an e-mail from the company to the client. */
export async function notifyClient(
  companyId: number,
  clientId: number,
  input: NotifyInput,
): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `clients/${clientId}/notify`), input);
  return response.data;
}
