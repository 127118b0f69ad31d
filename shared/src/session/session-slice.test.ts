import type { User } from '../types';
import {
  initialSessionState,
  selectCurrentUser,
  sessionCleared,
  sessionReducer,
  sessionRestored,
  sessionStarted,
  userUpdated,
  TOKEN_STORAGE_KEY,
} from './session-slice';
import { createAppStore } from './store';

const owner: User = { id: 2, name: 'Ana Popescu', email: 'owner@demo.ro', role: 2, company_id: 1, holding_id: null };

describe('session slice', () => {
  it('starts logged out without a token and unknown with one', () => {
    expect(initialSessionState()).toEqual({ user: null, token: null, status: 'anonymous' });
    expect(initialSessionState('1|abc')).toEqual({ user: null, token: '1|abc', status: 'unknown' });
  });

  it('login stores the user and the token', () => {
    const state = sessionReducer(initialSessionState(), sessionStarted({ user: owner, token: '1|abc' }));
    expect(state).toEqual({ user: owner, token: '1|abc', status: 'authenticated' });
  });

  it('restores the user for a stored token', () => {
    const state = sessionReducer(initialSessionState('1|abc'), sessionRestored(owner));
    expect(state).toEqual({ user: owner, token: '1|abc', status: 'authenticated' });
  });

  it('updates the signed-in user, and ignores updates when signed out', () => {
    const signedIn = sessionReducer(initialSessionState(), sessionStarted({ user: owner, token: 't' }));
    expect(sessionReducer(signedIn, userUpdated({ ...owner, name: 'Ana P.' })).user?.name).toBe('Ana P.');
    expect(sessionReducer(initialSessionState(), userUpdated(owner)).user).toBeNull();
  });

  it('logout or a 401 clears the user and the token', () => {
    const signedIn = sessionReducer(initialSessionState(), sessionStarted({ user: owner, token: 't' }));
    expect(sessionReducer(signedIn, sessionCleared())).toEqual({ user: null, token: null, status: 'anonymous' });
  });

  it('selectCurrentUser reads the signed-in user', () => {
    const session = sessionReducer(initialSessionState(), sessionStarted({ user: owner, token: 't' }));
    const root = { session };
    expect(selectCurrentUser(root)).toBe(owner);
  });
});

describe('createAppStore: the token persists under bearer_token', () => {
  beforeEach(() => localStorage.clear());

  it('reads the stored token at start', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, '7|stored');
    const store = createAppStore();
    expect(store.getState().session).toEqual({ user: null, token: '7|stored', status: 'unknown' });
  });

  it('writes the token on login and removes it on logout', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ user: owner, token: '9|new' }));
    expect(localStorage.getItem('bearer_token')).toBe('9|new');
    store.dispatch(sessionCleared());
    expect(localStorage.getItem('bearer_token')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
  });
});
