import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createAppStore, sessionStarted, type User } from '@dosar/shared';

export const adminUser: User = {
  id: 1,
  name: 'Administrator Demo',
  email: 'admin@demo.ro',
  role: 1,
  company_id: null,
  holding_id: null,
  company: null,
  holding: null,
};

interface Options {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted on (to read params); default: every path. */
  path?: string;
}

/** Renders `ui` signed in as the platform administrator, inside a router and the redux session. */
export function renderAsAdmin(ui: ReactElement, { route = '/admin/companies', path = '*' }: Options = {}) {
  const store = createAppStore({ token: null });
  store.dispatch(sessionStarted({ user: adminUser, token: '1|test-token-abcdefghijkl' }));
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={<div data-testid="elsewhere" />} />}
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

/** An axios-like answer for a mocked http call. */
export function ok<T>(data: T, headers: Record<string, string> = {}) {
  return { data, status: 200, statusText: 'OK', headers, config: {} as never };
}

/** An axios-like error with a server answer. */
export function httpError(status: number, data: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data, headers: {}, statusText: '', config: {} },
  });
}

export function paged<T>(data: T[], page = 1, perPage = 20, total = data.length) {
  return { data, meta: { page, per_page: perPage, total } };
}
