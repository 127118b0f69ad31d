import { http } from '../../http/http';
import { tenantIdField, tenantUrl, type SubscriptionTenant } from '../tenant';
import type { Payment } from '../types';

export interface PaymentStart {
  payment: Pick<Payment, 'id' | 'status' | 'amount'>;
  /** Where to pay: the provider's page, or the built-in sandbox checkout (/sandbox-checkout/{id}). */
  redirect_url: string;
}

/** POST users/{userId}/subscriptions/{subscriptionId}: a pending payment for one month of the plan. */
export async function initPayment(tenant: SubscriptionTenant, userId: number, planId: number): Promise<PaymentStart> {
  const { data } = await http.post<PaymentStart>(tenantUrl(tenant, `users/${userId}/subscriptions/${planId}`), {
    ...tenantIdField(tenant),
    user_id: userId,
    subscription_id: planId,
  });
  return data;
}
