import { http } from '../../http/http';
import { tenantIdField, tenantUrl, type SubscriptionTenant } from '../tenant';

/** POST subscriptions/{subscriptionId}/change: moves a paid subscription to a plan that costs the same or less. */
export async function changePlan(tenant: SubscriptionTenant, planId: number): Promise<{ message: string }> {
  const { data } = await http.post<{ message: string }>(tenantUrl(tenant, `subscriptions/${planId}/change`), {
    ...tenantIdField(tenant),
    subscription_id: planId,
  });
  return data;
}
