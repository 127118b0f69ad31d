import { http } from '@dosar/shared';

export const RESET_REQUESTED_FALLBACK =
  'Dacă adresa aparține unui cont, vei primi în câteva minute un e-mail cu linkul de resetare a parolei.';

/** POST /api/password/email: the server answers the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { data } = await http.post<{ message?: string }>('/api/password/email', { email });
  return data?.message || RESET_REQUESTED_FALLBACK;
}
