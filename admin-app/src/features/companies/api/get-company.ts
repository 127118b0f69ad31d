import { http, useRequest } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { PaymentSummary, Person, SubscriptionSummary } from '../../../lib/billing-types';

export interface CompanyDetail {
  company: {
    id: number;
    name: string;
    cui: string | null;
    reg_no: string | null;
    email: string | null;
    phone: string | null;
    address: string | null;
    status: 'active' | 'suspended';
    created_at: string;
  };
  users: Person[];
  holdings: { id: number; name: string; cui: string | null }[];
  clients_count: number;
  storage_bytes: number;
  subscription: SubscriptionSummary | null;
  payments: PaymentSummary[];
}

/** GET /api/admin/companies/{id}: users, clients, storage used, plan and payments. */
export async function getCompany(id: number, signal?: AbortSignal): Promise<CompanyDetail> {
  const { data } = await http.get<CompanyDetail>(adminUrl(`companies/${id}`), { signal });
  return data;
}

export function useCompany(id: number) {
  return useRequest((signal) => getCompany(id, signal), [id]);
}
