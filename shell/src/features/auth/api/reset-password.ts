import { http } from '@dosar/shared';

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export const RESET_DONE_FALLBACK = 'Parola a fost schimbată. Te poți autentifica cu noua parolă.';

/** POST /api/password/reset: single-use token from the e-mailed link. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const { data } = await http.post<{ message?: string }>('/api/password/reset', input);
  return data?.message || RESET_DONE_FALLBACK;
}
