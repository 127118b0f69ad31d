import { Suspense, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { useCurrentUser } from '../session/hooks';
import { TwoFactorSetupScreen } from '../session/two-factor/TwoFactorSetupScreen';
import type { NavItem, Role } from '../types';
import { AreaLayout } from './AreaLayout';
import { EmptyState } from '../ui/EmptyState';
import { RoleGuard } from './RouteGuard';
import { usePageTitle } from '../ui/page-title';
import { Spinner } from '../ui/Spinner';

/** One screen of an area: its path relative to the area prefix, who may open it, its menu label. */
export interface AreaRoute {
  /** Relative to the area prefix, e.g. 'dashboard' or 'clients/:id'. */
  path: string;
  element: ReactNode;
  roles: Role[];
  /** Menu entry; routes without a label (e.g. a detail view) are not in the menu. */
  label?: string;
  /** The browser tab's title ("… — Dosar"); the menu label when absent. */
  title?: string;
  /** Beside the menu label (e.g. a count that loads itself). */
  badge?: ReactNode;
}

/** Sets the tab's title for the route it wraps ("Clienți — Dosar"). */
function Titled({ title, children }: { title?: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

export interface AreaAppProps {
  /** Sidebar title, e.g. 'Companie'. */
  title: string;
  /** Absolute prefix, e.g. '/company'. */
  basePath: string;
  /** Roles allowed in the whole area. */
  roles: Role[];
  /** Absolute path the area's index redirects to. */
  defaultPath: string;
  routes: AreaRoute[];
  /** Shown above every page (the remotes pass the e-mail verification notice). */
  notice?: ReactNode;
}

function NotFound({ home }: { home: string }) {
  return (
    <div className="page">
      <EmptyState title="Pagina nu există">
        <Link to={home}>Înapoi la pagina principală a contului</Link>
      </EmptyState>
    </div>
  );
}

/**
 * A remote's root: area guard, layout with the menu the signed-in role may see,
 * and the routes, each behind its own role guard; the two-factor setup screen instead while
 * the user's firm requires it and the user has not turned it on.
 */
export function AreaApp({ title, basePath, roles, defaultPath, routes, notice }: AreaAppProps) {
  const user = useCurrentUser();
  const base = basePath.replace(/\/$/, '');
  const nav: NavItem[] = routes
    .filter((r) => r.label && user && r.roles.includes(user.role))
    .map((r) => ({ to: `${base}/${r.path}`, label: r.label as string, badge: r.badge }));
  // The user's firm requires two-factor sign-in and the user has not turned it on: only the
  // setup screen until then (the server refuses the area's calls meanwhile).
  if (user?.two_factor_required && !user.two_factor_enabled) {
    return (
      <RoleGuard roles={roles}>
        <AreaLayout title={title} nav={[]}>
          <TwoFactorSetupScreen />
        </AreaLayout>
      </RoleGuard>
    );
  }
  return (
    <RoleGuard roles={roles}>
      <AreaLayout title={title} nav={nav} notice={notice}>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={<Navigate to={defaultPath} replace />} />
            {routes.map((r) => (
              <Route
                key={r.path}
                path={r.path}
                element={
                  <Titled title={r.title ?? r.label ?? title}>
                    <RoleGuard roles={r.roles}>{r.element}</RoleGuard>
                  </Titled>
                }
              />
            ))}
            <Route
              path="*"
              element={
                <Titled title="Pagina nu există">
                  <NotFound home={defaultPath} />
                </Titled>
              }
            />
          </Routes>
        </Suspense>
      </AreaLayout>
    </RoleGuard>
  );
}
