import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import {
  configureHttp,
  createAppStore,
  http,
  sessionCleared,
  sessionStarted,
  type AppStore,
  type User,
} from '@dosar/shared';
import { AppRoutes } from '../app/routes';
// The remote loader keeps its cache between tests; the features' tests reset it through here
// (a feature does not import another feature, even in a test).
export { resetRemoteLoader } from '../features/remotes/load-remote-app';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
}

type Handler = (call: FakeCall) => [number, unknown];

/** Fakes the network at the HTTP layer: `handler` answers [status, body] for each call. */
export function fakeHttp(handler: Handler): FakeCall[] {
  const calls: FakeCall[] = [];
  http.defaults.adapter = (config: InternalAxiosRequestConfig) => {
    const call: FakeCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON() as Record<string, unknown>,
    };
    calls.push(call);
    const [status, data] = handler(call);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    return Promise.reject(
      new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response),
    );
  };
  return calls;
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export const demoUsers: Record<number, User> = {
  1: { id: 1, name: 'Admin Platformă', email: 'admin@demo.ro', role: 1, company_id: null, holding_id: null },
  2: { id: 2, name: 'Ana Proprietar', email: 'owner@demo.ro', role: 2, company_id: 1, holding_id: null },
  3: { id: 3, name: 'Dan Angajat', email: 'staff@demo.ro', role: 3, company_id: 1, holding_id: null },
  4: { id: 4, name: 'Horia Grup', email: 'holding@demo.ro', role: 4, company_id: null, holding_id: 1 },
  5: { id: 5, name: 'Ioana Client', email: 'client@demo.ro', role: 5, company_id: null, holding_id: 1 },
};

/** The shell's routes on a memory router, with a fresh store (signed in as `role` if given). */
export function renderApp(url: string, options: { role?: number } = {}): { store: AppStore } {
  localStorage.clear();
  const store = createAppStore({ token: null });
  configureHttp({
    getToken: () => store.getState().session.token,
    onUnauthorized: () => store.dispatch(sessionCleared()),
  });
  if (options.role) store.dispatch(sessionStarted({ user: demoUsers[options.role], token: `${options.role}|token` }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { store };
}
