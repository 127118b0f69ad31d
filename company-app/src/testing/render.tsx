import type { ReactElement } from 'react';
import type { Role, User } from '@dosar/shared';
import { axiosResponse, renderInSession } from '@dosar/shared/testing';

export { httpError, paged } from '@dosar/shared/testing';

export const COMPANY_ID = 1;

export function companyUser(role: Role = 2): User {
  return {
    id: role === 2 ? 2 : 3,
    name: role === 2 ? 'Proprietar Demo' : 'Angajat Demo',
    email: role === 2 ? 'owner@demo.ro' : 'staff@demo.ro',
    role,
    company_id: COMPANY_ID,
    holding_id: null,
    company: { id: COMPANY_ID, name: 'Contabil Demo SRL' },
    holding: null,
  };
}

interface Options {
  role?: Role;
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted on (to read params); default: every path. */
  path?: string;
}

/** Renders `ui` signed in as a company user, inside a router and the redux session. */
export function renderSignedIn(ui: ReactElement, { role = 2, route = '/company/dashboard', path = '*' }: Options = {}) {
  return renderInSession(ui, { user: companyUser(role), token: '1|test-token-abcdefghijkl', route, path });
}

/** An axios-like answer for a mocked http call. */
export function ok<T>(data: T, headers: Record<string, string> = {}) {
  return axiosResponse(data, { headers });
}
