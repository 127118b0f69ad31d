import { http, useRequest } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';

export interface Plan {
  id: number;
  name: string;
  audience: 'company' | 'holding';
  price_ron: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: number | null;
  is_trial: boolean;
  active: boolean;
  position: number;
}

/** GET /api/admin/plans: every plan, inactive ones included. */
export async function listPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { data } = await http.get<{ data: Plan[] }>(adminUrl('plans'), { signal });
  return data.data;
}

export function usePlans() {
  return useRequest((signal) => listPlans(signal), []);
}
