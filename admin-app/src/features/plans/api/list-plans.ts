import { http, useRequest, type Plan } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';

/** The plan shape every billing screen shares (@dosar/shared). */
export type { Plan };

/** GET /api/admin/plans: every plan, inactive ones included. */
export async function listPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { data } = await http.get<{ data: Plan[] }>(adminUrl('plans'), { signal });
  return data.data;
}

export function usePlans() {
  return useRequest((signal) => listPlans(signal), []);
}
