import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { http } from '../http/http';
import type { User } from '../types';
import { selectCurrentUser, selectSession, sessionCleared, sessionRestored, type SessionState } from './session-slice';

/** The signed-in user from the redux session, or null. */
export function useCurrentUser(): User | null {
  return useSelector(selectCurrentUser);
}

export function useSession(): SessionState {
  return useSelector(selectSession);
}

/** POST /api/logout, then the session is cleared even if the call failed. */
export function useLogout(): () => Promise<void> {
  const dispatch = useDispatch();
  return useCallback(async () => {
    try {
      await http.post('/api/logout', undefined, { silent: true });
    } catch {
      /* the token may already be gone; the local session ends anyway */
    } finally {
      dispatch(sessionCleared());
    }
  }, [dispatch]);
}

/**
 * Checks a stored token with GET /api/user (a session outlives a page reload).
 * A refused token ends the session quietly: no toast on page load.
 */
export async function restoreSession(
  dispatch: (action: unknown) => unknown,
  token: string | null,
): Promise<User | null> {
  if (!token) {
    dispatch(sessionCleared());
    return null;
  }
  try {
    const { data } = await http.get<User>('/api/user', { silent: true });
    dispatch(sessionRestored(data));
    return data;
  } catch {
    dispatch(sessionCleared());
    return null;
  }
}
