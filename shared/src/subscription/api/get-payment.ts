import { http } from '../../http/http';
import { useRequest } from '../../lib/use-request';
import { tenantUrl, type SubscriptionTenant } from '../tenant';
import type { Payment } from '../types';

/** GET payments/{id}: one of the tenant's payments (the result shown after the checkout). */
export async function getPayment(tenant: SubscriptionTenant, id: number, signal?: AbortSignal): Promise<Payment> {
  const { data } = await http.get<Payment>(tenantUrl(tenant, `payments/${id}`), { signal, silent: true });
  return data;
}

export function usePayment(tenant: SubscriptionTenant, id: number | null) {
  return useRequest(
    (signal) => (id ? getPayment(tenant, id, signal) : Promise.resolve(null)),
    [tenant.kind, tenant.id, id],
  );
}
