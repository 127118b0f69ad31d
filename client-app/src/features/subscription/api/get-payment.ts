import { http, useRequest } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import type { Payment } from '@dosar/shared';

/** GET payments/{id}: one of the holding's payments (the result shown after the checkout). */
export async function getPayment(holdingId: number, id: number, signal?: AbortSignal): Promise<Payment> {
  const { data } = await http.get<Payment>(holdingUrl(holdingId, `payments/${id}`), { signal, silent: true });
  return data;
}

export function usePayment(holdingId: number, id: number | null) {
  return useRequest((signal) => (id ? getPayment(holdingId, id, signal) : Promise.resolve(null)), [holdingId, id]);
}
