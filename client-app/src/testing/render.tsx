import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createAppStore, sessionRestored, type User } from '@dosar/shared';

export const holdingAdmin: User = {
  id: 10,
  name: 'Administrator Grup Demo',
  email: 'holding@demo.ro',
  role: 4,
  holding_id: 1,
  holding: { id: 1, name: 'Grup Demo' },
};

export const holdingUser: User = {
  id: 11,
  name: 'Utilizator Client Demo',
  email: 'client@demo.ro',
  role: 5,
  holding_id: 1,
  holding: { id: 1, name: 'Grup Demo' },
};

interface Options {
  user?: User | null;
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern the element is mounted on (for useParams). */
  path?: string;
}

/** Renders a screen signed in as `user` (role 4 by default), inside a router. */
export function renderWithSession(ui: ReactElement, { user = holdingAdmin, route = '/', path = '*' }: Options = {}) {
  const store = createAppStore({ token: null });
  if (user) store.dispatch(sessionRestored(user));
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/login" element={<p>Pagina de autentificare</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

/** An axios-like answer for jest.spyOn(http, 'post' | 'get'). */
export function ok<T>(data: T, status = 200) {
  return { data, status, statusText: 'OK', headers: {}, config: {} as never };
}

/** An axios-like error with a response, as the shared client rethrows it. */
export function httpError(status: number, data: unknown) {
  const error = new Error(`Request failed with status code ${status}`) as Error & {
    isAxiosError: boolean;
    response: { status: number; data: unknown };
  };
  error.isAxiosError = true;
  error.response = { status, data };
  return error;
}
