import type { Role } from '../../db/schema.js';

/**
 * Pure rules of the client area (DESIGN §3), on already-loaded data. Scope
 * (holding id, linked company) is checked before these run and again in every
 * repository query.
 */

/**
 * The holding keeps at least one role-4 user: removing or demoting `target`
 * is refused when it is the last one.
 */
export function leavesHoldingWithoutAdmin(
  adminIds: readonly number[],
  target: { id: number; role: Role },
  change: { role?: Role; deleted?: boolean },
): boolean {
  if (target.role !== 4) return false;
  const losesAdmin = change.deleted === true || (change.role !== undefined && change.role !== 4);
  if (!losesAdmin) return false;
  return adminIds.filter((id) => id !== target.id).length === 0;
}
