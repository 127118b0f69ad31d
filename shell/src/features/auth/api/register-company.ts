import { http, type AuthResponse } from '@dosar/shared';

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

/** POST /api/company/create: a new company and its owner (role 2), answered like a login. */
export async function registerCompany(input: RegisterCompanyInput): Promise<AuthResponse> {
  const { data } = await http.post<AuthResponse>('/api/company/create', input);
  return data;
}
