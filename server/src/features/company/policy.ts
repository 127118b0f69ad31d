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
  'media.upload': STAFF,
  'media.get': STAFF,
  'media.collection': STAFF,
  'media.delete': OWNER,
  'uploads.limits': STAFF,
  'holdings.transferCategory': OWNER,
  'categories.list': STAFF,
  'categories.create': OWNER,
  'categories.update': OWNER,
  'categories.reorder': OWNER,
  'categories.delete': OWNER,
  'utils.list': STAFF,
  'utils.get': STAFF,
  'utils.create': OWNER,
  'utils.update': OWNER,
  'utils.delete': OWNER,
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
