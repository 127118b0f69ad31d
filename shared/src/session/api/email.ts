import { http } from '../../http/http';

/** POST /api/email/verification-notification: a new verification link (1 a minute, 5 an hour). */
export async function resendVerification(): Promise<string> {
  const { data } = await http.post<{ message?: string }>('/api/email/verification-notification');
  return data?.message || 'Ți-am trimis un nou link de confirmare.';
}
