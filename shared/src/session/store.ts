import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { initialSessionState, sessionCleared, sessionReducer, sessionStarted } from './session-slice';
import { tokenStorage } from './token-storage';

/** Keeps localStorage in step with the session: the reducer stays pure. */
function tokenPersistence() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(sessionStarted, sessionCleared),
    effect: (action) => {
      if (sessionStarted.match(action)) tokenStorage.set(action.payload.token);
      else tokenStorage.clear();
    },
  });
  return listener.middleware;
}

/** The application store: the session slice, seeded from the stored token. */
export function createAppStore(options: { token?: string | null } = {}) {
  const token = options.token !== undefined ? options.token : tokenStorage.get();
  return configureStore({
    reducer: { session: sessionReducer },
    preloadedState: { session: initialSessionState(token) },
    middleware: (getDefault) => getDefault().prepend(tokenPersistence()),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
