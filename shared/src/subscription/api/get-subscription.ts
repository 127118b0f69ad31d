import { http } from '../../http/http';
import { useRequest } from '../../lib/use-request';
import { tenantUrl, type SubscriptionTenant } from '../tenant';
import type { SubscriptionView } from '../types';

/** GET subscription: current plan and period, usage against each limit, the plans on offer, recent payments. */
export async function getSubscription(tenant: SubscriptionTenant, signal?: AbortSignal): Promise<SubscriptionView> {
  const { data } = await http.get<SubscriptionView>(tenantUrl(tenant, 'subscription'), { signal });
  return data;
}

export function useSubscription(tenant: SubscriptionTenant) {
  return useRequest((signal) => getSubscription(tenant, signal), [tenant.kind, tenant.id]);
}
