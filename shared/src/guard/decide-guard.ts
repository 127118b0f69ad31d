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

/**
 * The route guard, in order:
 * 1. a protected route without a login → /login;
 * 2. a signed-in user on a guest-only route → their area by role;
 * 3. a role not allowed → the toast 'Nu esti autorizat sa accesezi aceasta pagina' and /login
 *    (where rule 2 then sends them to their own area).
 */
export function decideGuard({ user, access }: { user: Pick<User, 'role'> | null; access: RouteAccess }): GuardDecision {
  if (access === 'public') return { action: 'allow' };
  if (access === 'guest') return user ? { action: 'redirect', to: homeForRole(user.role) } : { action: 'allow' };
  if (!user) return { action: 'redirect', to: LOGIN_PATH };
  if (!access.roles.includes(user.role as Role)) {
    return { action: 'redirect', to: LOGIN_PATH, toast: FORBIDDEN_ROUTE_MESSAGE };
  }
  return { action: 'allow' };
}
