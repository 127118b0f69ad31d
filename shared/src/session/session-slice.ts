import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../types';

/**
 * 'unknown' while a stored token is being checked (GET /api/user),
 * then 'authenticated' or 'anonymous' (logged in / logged out).
 */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  user: User | null;
  token: string | null;
  status: SessionStatus;
}

export const TOKEN_STORAGE_KEY = 'bearer_token';

export function initialSessionState(token: string | null = null): SessionState {
  return { user: null, token, status: token ? 'unknown' : 'anonymous' };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState(),
  reducers: {
    /** Login or registration answered {user, token}. */
    sessionStarted(state, action: PayloadAction<{ user: User; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.status = 'authenticated';
    },
    /** GET /api/user answered for the stored token. */
    sessionRestored(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'authenticated';
    },
    /** The signed-in user changed (e.g. profile update). */
    userUpdated(state, action: PayloadAction<User>) {
      if (state.status === 'authenticated') state.user = action.payload;
    },
    /** Logout, a 401, or a stored token the server refused. */
    sessionCleared(state) {
      state.user = null;
      state.token = null;
      state.status = 'anonymous';
    },
  },
});

export const { sessionStarted, sessionRestored, userUpdated, sessionCleared } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export interface RootStateWithSession {
  session: SessionState;
}

export const selectSession = (state: RootStateWithSession): SessionState => state.session;
export const selectCurrentUser = (state: RootStateWithSession): User | null => state.session.user;
