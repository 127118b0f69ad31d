import { http, type RegistrationResponse } from '@dosar/shared';

export interface RegisterCompanyInput {
  company_name: string;
  cui: string;
  company_email?: string;
  phone?: string;
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** POST /api/company/create: a new company and its owner (role 2): a session, a message, the CUI claim if any. */
export async function registerCompany(input: RegisterCompanyInput): Promise<RegistrationResponse> {
  const { data } = await http.post<RegistrationResponse>('/api/company/create', input);
  return data;
}
