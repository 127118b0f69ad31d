import { http } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import type { Payment } from '@dosar/shared';

export interface PaymentStart {
  payment: Pick<Payment, 'id' | 'status' | 'amount'>;
  /** Where to pay: the provider's page, or the built-in sandbox checkout (/sandbox-checkout/{id}). */
  redirect_url: string;
}

/** POST users/{userId}/subscriptions/{subscriptionId}: a pending payment for one month of the plan. */
export async function initPayment(holdingId: number, userId: number, planId: number): Promise<PaymentStart> {
  const { data } = await http.post<PaymentStart>(holdingUrl(holdingId, `users/${userId}/subscriptions/${planId}`), {
    holding_id: holdingId,
    user_id: userId,
    subscription_id: planId,
  });
  return data;
}
