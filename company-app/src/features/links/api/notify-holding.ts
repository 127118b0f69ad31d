import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST holdings/{id}/notify: a message by e-mail; a holding without users gets an invitation (role 4). */
export async function notifyHolding(
  companyId: number,
  holdingId: number,
  input: { message: string },
): Promise<{ message?: string }> {
  const response = await http.post<{ message?: string }>(companyUrl(companyId, `holdings/${holdingId}/notify`), input);
  return response.data;
}
