import { http } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { CompanyDetail } from './get-company';

/** POST /api/admin/companies/{id}/suspend: its users can no longer sign in; nothing is deleted. */
export async function suspendCompany(id: number): Promise<CompanyDetail> {
  const { data } = await http.post<CompanyDetail>(adminUrl(`companies/${id}/suspend`));
  return data;
}

/** POST /api/admin/companies/{id}/reactivate. */
export async function reactivateCompany(id: number): Promise<CompanyDetail> {
  const { data } = await http.post<CompanyDetail>(adminUrl(`companies/${id}/reactivate`));
  return data;
}
