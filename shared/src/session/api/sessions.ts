import { http } from '../../http/http';

/** One signed-in device of the current user. */
export interface ActiveSession {
  id: number | string;
  /** A readable name of the browser and system (e.g. "Chrome pe Windows"), when known. */
  device: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  /** When it ends unless used before (idle time or maximum lifetime, whichever comes first). */
  expires_at?: string;
  /** The session this browser uses. */
  current: boolean;
}

/** GET /api/sessions: the user's sessions, the current one marked. */
export async function listSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const { data } = await http.get<{ data: ActiveSession[] }>('/api/sessions', { signal, silent: true });
  return data.data;
}

/** POST /api/sessions/{id}/revoke: signs that device out. */
export async function revokeSession(id: ActiveSession['id']): Promise<void> {
  await http.post(`/api/sessions/${encodeURIComponent(String(id))}/revoke`);
}

/** POST /api/sessions/revoke-others: every session but this one. */
export async function revokeOtherSessions(): Promise<{ message?: string; revoked: number }> {
  const { data } = await http.post<{ message?: string; revoked: number }>('/api/sessions/revoke-others');
  return data;
}
