import { http, useRequest } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { SubscriptionView } from '@dosar/shared';

/** GET subscription: current plan and period, usage against each limit, the plans on offer, recent payments. */
export async function getSubscription(companyId: number, signal?: AbortSignal): Promise<SubscriptionView> {
  const { data } = await http.get<SubscriptionView>(companyUrl(companyId, 'subscription'), { signal });
  return data;
}

export function useSubscription(companyId: number) {
  return useRequest((signal) => getSubscription(companyId, signal), [companyId]);
}
