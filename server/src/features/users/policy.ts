import type { Role } from '../../db/schema.js';
import type { DoorKind, DoorPolicy } from '../doors/index.js';

/**
 * Who manages a tenant's users, and the rules every tenant shares (see docs/PRODUCT.md,
 * "Accounts and roles"): a company manages its roles 2 and 3, a holding its roles 4 and 5;
 * the first of each pair is the privileged role (company owner, holding administrator).
 */

export type UserAction = 'users.list' | 'users.create' | 'users.update' | 'users.delete';

/** The roles a door's users screen manages, the privileged one first. */
export const USER_ROLES = { company: [2, 3], holding: [4, 5] } as const satisfies Record<
  DoorKind,
  readonly [Role, Role]
>;

/** A role a users screen may give: 2, 3 (company) or 4, 5 (holding). */
export type ManagedRole = (typeof USER_ROLES)[DoorKind][number];

/** The role a tenant must always keep one live user of: the company owner (2), the holding administrator (4). */
export const privilegedRole = (kind: DoorKind): ManagedRole => USER_ROLES[kind][0];

/** Whether `role` is one the door's users screen manages. */
export const isManagedRole = (kind: DoorKind, role: number): role is ManagedRole =>
  (USER_ROLES[kind] as readonly number[]).includes(role);

const COMPANY_OWNER: readonly Role[] = [2];
const HOLDING_ADMIN: readonly Role[] = [4];

/** Only the privileged role of each door manages users. */
export const USERS_POLICY: DoorPolicy<UserAction> = {
  effects: { 'users.list': 'read', 'users.create': 'write', 'users.update': 'write', 'users.delete': 'write' },
  company: {
    'users.list': COMPANY_OWNER,
    'users.create': COMPANY_OWNER,
    'users.update': COMPANY_OWNER,
    'users.delete': COMPANY_OWNER,
  },
  holding: {
    'users.list': HOLDING_ADMIN,
    'users.create': HOLDING_ADMIN,
    'users.update': HOLDING_ADMIN,
    'users.delete': HOLDING_ADMIN,
  },
};

/**
 * Whether a change leaves the tenant without a live privileged user: `target` is privileged,
 * loses the role (deleted, or given another role) and no other id is in `privilegedIds`
 * (the tenant's live privileged users, locked by the caller until its transaction ends).
 */
export function removesLastPrivileged(
  kind: DoorKind,
  privilegedIds: readonly number[],
  target: { id: number; role: Role },
  change: { role?: Role; deleted?: boolean },
): boolean {
  const privileged = privilegedRole(kind);
  if (target.role !== privileged) return false;
  const staysPrivileged = change.deleted !== true && (change.role === undefined || change.role === privileged);
  if (staysPrivileged) return false;
  return privilegedIds.every((id) => id === target.id);
}

/** Nobody deletes their own account from the users screen (the profile is the place for one's own account). */
export function canDeleteUser(actor: { id: number }, target: { id: number }): boolean {
  return actor.id !== target.id;
}
