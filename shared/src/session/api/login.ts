import { http } from '../../http/http';
import type { AuthResponse } from '../../types';

/** POST /api/login: {user, token}; a failure carries `error`. */
export async function login(email: string, password: string): Promise<AuthResponse> {
  const { data } = await http.post<AuthResponse>('/api/login', { email, password });
  return data;
}
