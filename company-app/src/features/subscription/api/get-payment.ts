import { http, useRequest } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';
import type { Payment } from '@dosar/shared';

/** GET payments/{id}: one of the company's payments (the result shown after the checkout). */
export async function getPayment(companyId: number, id: number, signal?: AbortSignal): Promise<Payment> {
  const { data } = await http.get<Payment>(companyUrl(companyId, `payments/${id}`), { signal, silent: true });
  return data;
}

export function usePayment(companyId: number, id: number | null) {
  return useRequest((signal) => (id ? getPayment(companyId, id, signal) : Promise.resolve(null)), [companyId, id]);
}
