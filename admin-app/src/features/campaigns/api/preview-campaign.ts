import { http } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { ComposeInput } from './types';

export interface CampaignPreview {
  recipients_count: number;
  recipients: { email: string; name: string; tenant_name: string }[];
  subject: string;
  html: string;
  text: string;
}

/** POST /api/admin/campaigns/preview: how many receive it, and the mail as the first of them gets it. */
export async function previewCampaign(input: ComposeInput): Promise<CampaignPreview> {
  const { data } = await http.post<CampaignPreview>(adminUrl('campaigns/preview'), input);
  return data;
}
