import type { FastifyRequest } from 'fastify';
import { type Actor, requireCompanyScope } from '../../infra/auth.js';
import type { Role } from '../../db/schema.js';

const STAFF: readonly Role[] = [2, 3];
const OWNER: readonly Role[] = [2];

/**
 * Who may do what in /api/company/{companyId} (SPEC §6: role 3 has the
 * dashboard, utils, profile and client view; role 2 also holdings,
 * categories, new client, users, subscription). Reading the category list and
 * uploading into a client are part of the client view, so role 3 has them.
 */
export const COMPANY_POLICY = {
  'clients.list': STAFF,
  'clients.view': STAFF,
  'clients.create': OWNER,
  'clients.notify': OWNER,
  'holdings.list': OWNER,
  'holdings.notify': OWNER,
  'holdings.delete': OWNER,
  'users.list': OWNER,
  'users.create': OWNER,
  'users.update': OWNER,
  'users.delete': OWNER,
} as const satisfies Record<string, readonly Role[]>;

export type CompanyAction = keyof typeof COMPANY_POLICY;

export function canCompany(role: Role, action: CompanyAction): boolean {
  return (COMPANY_POLICY[action] as readonly Role[]).includes(role);
}

/**
 * The actor if it may do `action` in company `companyId`: 401 without login,
 * 403 for a role outside the company area or below the action, 404 for
 * another company's id (its existence is not revealed).
 */
export function authorizeCompany(request: FastifyRequest, companyId: number, action: CompanyAction): Actor {
  return requireCompanyScope(request, companyId, COMPANY_POLICY[action]);
}

/** Whether a change leaves the company without a live owner (role 2). */
export function removesLastOwner(
  target: { role: Role },
  change: { role?: Role; deleted?: boolean },
  liveOwners: number,
): boolean {
  if (target.role !== 2) return false;
  const staysOwner = !change.deleted && (change.role === undefined || change.role === 2);
  return !staysOwner && liveOwners <= 1;
}

/** Nobody deletes their own account from the users screen (the profile is the place for one's own account). */
export function canDeleteCompanyUser(actor: Pick<Actor, 'id'>, target: { id: number }): boolean {
  return actor.id !== target.id;
}
