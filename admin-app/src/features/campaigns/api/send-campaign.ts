import { http } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { Campaign, ComposeInput } from './types';

/** POST /api/admin/campaigns: queues one e-mail per recipient in the mail outbox. */
export async function sendCampaign(input: ComposeInput): Promise<Campaign> {
  const { data } = await http.post<Campaign>(adminUrl('campaigns'), input);
  return data;
}
