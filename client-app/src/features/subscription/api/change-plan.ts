import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

/** POST subscriptions/{subscriptionId}/change: moves a paid subscription to a plan that costs the same or less. */
export async function changePlan(holdingId: number, planId: number): Promise<{ message: string }> {
  const { data } = await http.post<{ message: string }>(holdingUrl(holdingId, `subscriptions/${planId}/change`), {
    holding_id: holdingId,
    subscription_id: planId,
  });
  return data;
}
