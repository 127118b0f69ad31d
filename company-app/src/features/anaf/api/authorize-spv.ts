import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST spv/authorize: the ANAF address the browser goes to (the firm chooses its qualified certificate there). */
export async function authorizeSpv(companyId: number): Promise<string> {
  const response = await http.post<{ url: string }>(companyUrl(companyId, 'spv/authorize'), {});
  return response.data.url;
}
