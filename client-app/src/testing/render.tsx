import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { User } from '@dosar/shared';
import { axiosResponse, renderInSession } from '@dosar/shared/testing';

export { httpError } from '@dosar/shared/testing';

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

/** Renders a screen signed in as `user` (role 4 by default), inside a router; /login is a stand-in page. */
export function renderWithSession(ui: ReactElement, { user = holdingAdmin, route = '/', path = '*' }: Options = {}) {
  return renderInSession(ui, {
    user,
    route,
    path,
    routes: <Route path="/login" element={<p>Pagina de autentificare</p>} />,
  });
}

/** An axios-like answer for jest.spyOn(http, 'post' | 'get'). */
export function ok<T>(data: T, status = 200) {
  return axiosResponse(data, { status });
}
