import type { ReactElement } from 'react';
import type { User } from '@dosar/shared';
import { axiosResponse, renderInSession } from '@dosar/shared/testing';

export { httpError, paged } from '@dosar/shared/testing';

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
  return renderInSession(ui, { user: adminUser, token: '1|test-token-abcdefghijkl', route, path });
}

/** An axios-like answer for a mocked http call. */
export function ok<T>(data: T, headers: Record<string, string> = {}) {
  return axiosResponse(data, { headers });
}
