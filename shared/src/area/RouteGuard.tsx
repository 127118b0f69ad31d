import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { NEXT_PARAM, decideGuard, type RouteAccess } from '../guard/decide-guard';
import { useSession } from '../session/hooks';
import type { Role } from '../types';
import { toast } from '../ui/toast';
import { Spinner } from '../ui/Spinner';

function RedirectWithToast({ to, message }: { to: string; message?: string }) {
  const location = useLocation();
  // React StrictMode runs effects twice in development (refs survive): one toast per redirect.
  const shown = useRef(false);
  useEffect(() => {
    if (!message || shown.current) return;
    shown.current = true;
    void toast.error(message);
  }, [message]);
  return <Navigate to={to} replace state={{ from: location.pathname }} />;
}

export interface RouteGuardProps {
  access: RouteAccess;
  children: ReactNode;
}

/** Applies decideGuard (login, guest-only and role rules) to its children; a spinner while the stored session is being checked. */
export function RouteGuard({ access, children }: RouteGuardProps) {
  const session = useSession();
  const location = useLocation();
  if (access !== 'public' && session.status === 'unknown') return <Spinner />;
  const decision = decideGuard({
    user: session.user,
    access,
    requested: `${location.pathname}${location.search}${location.hash}`,
    next: new URLSearchParams(location.search).get(NEXT_PARAM),
  });
  if (decision.action === 'redirect') return <RedirectWithToast to={decision.to} message={decision.toast} />;
  return <>{children}</>;
}

export interface RoleGuardProps {
  roles: Role[];
  children: ReactNode;
}

/** Only the given roles see the children; others get the 'not authorised' toast and /login. */
export function RoleGuard({ roles, children }: RoleGuardProps) {
  return <RouteGuard access={{ roles }}>{children}</RouteGuard>;
}
