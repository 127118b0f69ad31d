import { http } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { Plan } from './list-plans';

export type PlanInput = Omit<Plan, 'id'>;

/** POST /api/admin/plans. */
export async function createPlan(input: PlanInput): Promise<Plan> {
  const { data } = await http.post<Plan>(adminUrl('plans'), input);
  return data;
}

/** POST /api/admin/plans/{id}/update (the audience of a plan never changes). */
export async function updatePlan(id: number, input: Omit<PlanInput, 'audience'>): Promise<Plan> {
  const { data } = await http.post<Plan>(adminUrl(`plans/${id}/update`), input);
  return data;
}
