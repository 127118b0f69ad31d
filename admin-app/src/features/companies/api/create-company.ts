import { http } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { CompanyDetail } from './get-company';

export interface CreateCompanyInput {
  name: string;
  cui: string;
  reg_no?: string;
  email?: string;
  phone?: string;
  address?: string;
  owner_name: string;
  owner_email: string;
}

/** POST /api/admin/companies: the company, on trial, and its owner, who gets an e-mail to set a password. */
export async function createCompany(input: CreateCompanyInput): Promise<CompanyDetail> {
  const { data } = await http.post<CompanyDetail>(adminUrl('companies'), input);
  return data;
}
