import { http, useRequest } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { PaymentSummary, Person, SubscriptionSummary } from '../../../lib/billing-types';

export interface HoldingDetail {
  holding: { id: number; name: string; cui: string | null; email: string | null; created_at: string };
  companies: { id: number; name: string; cui: string | null; status: 'active' | 'suspended' }[];
  users: Person[];
  clients_count: number;
  storage_bytes: number;
  subscription: SubscriptionSummary | null;
  payments: PaymentSummary[];
}

/** GET /api/admin/holdings/{id}: linked companies, users, plan and payments. */
export async function getHolding(id: number, signal?: AbortSignal): Promise<HoldingDetail> {
  const { data } = await http.get<HoldingDetail>(adminUrl(`holdings/${id}`), { signal });
  return data;
}

export function useHolding(id: number) {
  return useRequest((signal) => getHolding(id, signal), [id]);
}
