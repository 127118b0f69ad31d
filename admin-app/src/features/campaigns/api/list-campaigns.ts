import { http, useRequest, type Paged } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { Campaign } from './types';

/** GET /api/admin/campaigns: the history, newest first, with each campaign's progress. */
export async function listCampaigns(page: number, perPage: number, signal?: AbortSignal): Promise<Paged<Campaign>> {
  const { data } = await http.get<Paged<Campaign>>(adminUrl('campaigns'), {
    params: { page, per_page: perPage },
    signal,
  });
  return data;
}

export function useCampaigns(page: number, perPage: number) {
  return useRequest((signal) => listCampaigns(page, perPage, signal), [page, perPage]);
}
