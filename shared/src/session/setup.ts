import { configureHttp, http } from '../http/http';
import { restoreSession } from './hooks';
import { sessionCleared, userUpdated } from './session-slice';
import type { AppStore } from './store';
import type { User } from '../types';

/**
 * The user's firm asks for two-factor sign-in and a call was refused for it: read the user again
 * (its `two_factor_required` flag sends the area to the setup screen). If that read fails, the
 * flags are set from what the refusal said.
 */
async function refreshAfterTwoFactorRefusal(store: AppStore): Promise<void> {
  const current = store.getState().session.user;
  if (!current) return;
  try {
    const { data } = await http.get<User>('/api/user', { silent: true });
    const stillMissing = !data.two_factor_enabled;
    store.dispatch(userUpdated({ ...data, two_factor_required: data.two_factor_required || stillMissing }));
  } catch {
    store.dispatch(userUpdated({ ...current, two_factor_required: true, two_factor_enabled: false }));
  }
}

/**
 * Wires a store into the one HTTP client (bearer token from the session, a 401
 * clears it, a 403 two_factor_setup_required refreshes the user) and checks a stored
 * token with GET /api/user.
 */
export function connectSession(store: AppStore): Promise<unknown> {
  configureHttp({
    getToken: () => store.getState().session.token,
    onUnauthorized: () => store.dispatch(sessionCleared()),
    onTwoFactorSetupRequired: () => void refreshAfterTwoFactorRefusal(store),
  });
  return restoreSession(store.dispatch, store.getState().session.token);
}
