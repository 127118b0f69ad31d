import { configureHttp } from '../http/http';
import { restoreSession } from './hooks';
import { sessionCleared } from './session-slice';
import type { AppStore } from './store';

/**
 * Wires a store into the one HTTP client (bearer token from the session, a 401
 * clears it) and checks a stored token with GET /api/user.
 */
export function connectSession(store: AppStore): Promise<unknown> {
  configureHttp({
    getToken: () => store.getState().session.token,
    onUnauthorized: () => store.dispatch(sessionCleared()),
  });
  return restoreSession(store.dispatch, store.getState().session.token);
}
