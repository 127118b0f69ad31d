import { http, useRequest } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import type { SubscriptionView } from '@dosar/shared';

/** GET subscription: current plan and period, usage against each limit, the plans on offer, recent payments. */
export async function getSubscription(holdingId: number, signal?: AbortSignal): Promise<SubscriptionView> {
  const { data } = await http.get<SubscriptionView>(holdingUrl(holdingId, 'subscription'), { signal });
  return data;
}

export function useSubscription(holdingId: number) {
  return useRequest((signal) => getSubscription(holdingId, signal), [holdingId]);
}
