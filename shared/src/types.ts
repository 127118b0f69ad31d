import type { ReactNode } from 'react';

/** Role numbers: 1 admin, 2 company owner, 3 company staff, 4 holding owner, 5 holding user. */
export type Role = 1 | 2 | 3 | 4 | 5;

export interface Company {
  id: number;
  name: string;
  cui?: string | null;
  status?: string;
  [key: string]: unknown;
}

export interface Holding {
  id: number;
  name: string;
  cui?: string | null;
  [key: string]: unknown;
}

/** The signed-in user, as GET /api/user and POST /api/login answer it. */
export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** The address was proven by a link it received (absent from older servers: treat as verified). */
  email_verified?: boolean;
  /** A new address waiting for the link sent to it, or null. */
  pending_email?: string | null;
  company_id?: number | null;
  holding_id?: number | null;
  company?: Company | null;
  holding?: Holding | null;
  /** The user confirmed an authenticator app (sign-in asks for a code). */
  two_factor_enabled?: boolean;
  /** The user's company or holding requires two-factor sign-in of all its users. */
  two_factor_required?: boolean;
}

/** A page of a server list: the rows and {page, per_page, total}. */
export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

/** POST /api/login and POST /api/company/create answer this. */
export interface AuthResponse {
  user: User;
  token: string;
}

/** POST /api/company/create: a session, what to tell the new owner, and the CUI claim when the CUI was taken. */
export interface RegistrationResponse extends AuthResponse {
  message?: string;
  cui_claim?: { status: 'pending' } | null;
}

/**
 * Props the shell passes to a remote's root component (`./App`).
 * Additive only: remotes deploy independently of the shell.
 */
export interface RemoteAppProps {
  /** Absolute prefix the remote is mounted under, e.g. '/company'. */
  basePath?: string;
}

/** One navigation entry of an area's sidebar. */
export interface NavItem {
  to: string;
  label: string;
  /** Beside the label (e.g. how many documents await review). */
  badge?: ReactNode;
}
