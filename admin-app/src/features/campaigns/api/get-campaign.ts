import { useEffect, useState } from 'react';
import { http } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { Campaign } from './types';

/** GET /api/admin/campaigns/{id}: one campaign and its sending progress. */
export async function getCampaign(id: number, signal?: AbortSignal): Promise<Campaign> {
  const { data } = await http.get<Campaign>(adminUrl(`campaigns/${id}`), { signal, silent: true });
  return data;
}

export const POLL_MS = 1000;

/** The campaign, polled every second while it is still sending. */
export function useCampaignProgress(initial: Campaign, onDone?: (campaign: Campaign) => void): Campaign {
  const [campaign, setCampaign] = useState(initial);
  const done = campaign.status === 'done';
  useEffect(() => {
    if (done) {
      onDone?.(campaign);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getCampaign(campaign.id, controller.signal).then(setCampaign, () => {
        // A failed poll is retried on the next tick (a new object re-runs the effect).
        if (!controller.signal.aborted) setCampaign((c) => ({ ...c }));
      });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [campaign, done]);
  return campaign;
}
