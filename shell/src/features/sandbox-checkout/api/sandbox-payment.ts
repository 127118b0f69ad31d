import { http, type User } from '@dosar/shared';

/** A payment as the checkout page shows it (GET …/payments/{id}). */
export interface CheckoutPayment {
  id: number;
  plan_name: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  provider: string;
  provider_ref: string | null;
}

/** The payer's tenant prefix: a company owner (role 2) or a holding admin (role 4). */
function tenantPrefix(user: User): string | null {
  if (user.role === 2 && user.company_id) return `/api/company/${user.company_id}`;
  if (user.role === 4 && user.holding_id) return `/api/holding/${user.holding_id}`;
  return null;
}

/** Where the payer returns to once the payment is decided. */
export function subscriptionPath(user: User): string {
  return user.role === 4 ? '/client/subscription' : '/company/subscription';
}

export async function getCheckoutPayment(
  user: User,
  paymentId: number,
  signal?: AbortSignal,
): Promise<CheckoutPayment> {
  const prefix = tenantPrefix(user);
  if (!prefix) throw new Error('no tenant');
  const { data } = await http.get<CheckoutPayment>(`${prefix}/payments/${paymentId}`, { signal, silent: true });
  return data;
}

/** POST users/{userId}/payment/{id}: stores the sandbox's verdict (idempotent on the server). */
export async function storeSandboxResult(
  user: User,
  payment: CheckoutPayment,
  status: 'paid' | 'failed',
): Promise<CheckoutPayment> {
  const prefix = tenantPrefix(user);
  if (!prefix) throw new Error('no tenant');
  const { data } = await http.post<{ payment: CheckoutPayment }>(`${prefix}/users/${user.id}/payment/${payment.id}`, {
    status,
    provider_ref: payment.provider_ref,
    user_id: user.id,
    id: payment.id,
  });
  return data.payment;
}
