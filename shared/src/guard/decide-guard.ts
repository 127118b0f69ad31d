import type { Role, User } from '../types';
import { FORBIDDEN_ROUTE_MESSAGE } from '../http/error-catalogue';

/** Who may open a route: anyone, only signed-out visitors, or signed-in users of some roles. */
export type RouteAccess = 'public' | 'guest' | { roles: readonly Role[] };

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string; toast?: string };

export const LOGIN_PATH = '/login';

/** A signed-in user's own area: role above 3 → /client, above 1 → /company, else /admin. */
export function homeForRole(role: number): string {
  if (role > 3) return '/client';
  if (role > 1) return '/company';
  return '/admin';
}

/** The query parameter of /login that keeps the page asked for while signed out. */
export const NEXT_PARAM = 'next';

/** /login, remembering `requested` (a path with its query and hash) to open after sign-in. */
export function loginPathFor(requested: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: requested }).toString()}`;
}

/**
 * The page to open after sign-in, from /login's `?next=`: only a path of this app inside the user's
 * own area (`/client/…` for roles 4 and 5…), so a crafted link can neither send anyone to another site
 * (`//evil.example`, `/\evil.example`, `https:…`) nor bounce a user between areas. Else null.
 */
export function nextPathFor(raw: string | null | undefined, role: number): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.includes('\\')) return null;
  // A URL parser drops tabs and line breaks (`/\t/evil.example` would become `//evil.example`).
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://dosar.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://dosar.invalid') return null;
  const home = homeForRole(role);
  if (url.pathname !== home && !url.pathname.startsWith(`${home}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The route guard, in order:
 * 1. a protected route without a login → /login, remembering the page asked for (`requested`) in
 *    `?next=`;
 * 2. a signed-in user on a guest-only route → the remembered page when it is in their area
 *    (nextPathFor: after sign-in, also after the 2FA step), else their area by role;
 * 3. a role not allowed → the toast 'Nu esti autorizat sa accesezi aceasta pagina' and /login
 *    (where rule 2 then sends them to their own area).
 */
export function decideGuard({
  user,
  access,
  requested,
  next,
}: {
  user: Pick<User, 'role'> | null;
  access: RouteAccess;
  /** The page being opened (path, query, hash): remembered when a login is missing. */
  requested?: string;
  /** /login's `?next=`. */
  next?: string | null;
}): GuardDecision {
  if (access === 'public') return { action: 'allow' };
  if (access === 'guest') {
    return user
      ? { action: 'redirect', to: nextPathFor(next, user.role) ?? homeForRole(user.role) }
      : { action: 'allow' };
  }
  if (!user) return { action: 'redirect', to: requested ? loginPathFor(requested) : LOGIN_PATH };
  if (!access.roles.includes(user.role as Role)) {
    return { action: 'redirect', to: LOGIN_PATH, toast: FORBIDDEN_ROUTE_MESSAGE };
  }
  return { action: 'allow' };
}
