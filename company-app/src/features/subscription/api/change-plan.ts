import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** POST subscriptions/{subscriptionId}/change: moves a paid subscription to a plan that costs the same or less. */
export async function changePlan(companyId: number, planId: number): Promise<{ message: string }> {
  const { data } = await http.post<{ message: string }>(companyUrl(companyId, `subscriptions/${planId}/change`), {
    company_id: companyId,
    subscription_id: planId,
  });
  return data;
}
