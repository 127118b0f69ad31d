import type { Role } from '../../db/schema.js';
import type { Actor } from '../../infra/auth.js';
import type { DoorKind, TenantScope } from '../doors/index.js';

/**
 * What a role may do to one object it can see: pure functions of already-loaded rows. The door
 * policies say which roles may call a route; these say which of the objects in reach they may change.
 */

/** Which of a client's documents a role may delete: any of them, or only those it uploaded itself. */
export type DeleteRule = 'any' | 'own';

export const DELETE_RULES: Record<DoorKind, Partial<Record<Role, DeleteRule>>> = {
  company: { 2: 'any' },
  holding: { 4: 'any', 5: 'own' },
};

/** Whether `actor` may delete `document` (a role of neither table deletes nothing). */
export function canDeleteDocument(
  actor: Pick<Actor, 'id' | 'role'>,
  document: { uploaded_by: number | null },
): boolean {
  const rule = DELETE_RULES.company[actor.role] ?? DELETE_RULES.holding[actor.role];
  if (rule === 'any') return true;
  return rule === 'own' && document.uploaded_by !== null && document.uploaded_by === actor.id;
}

/**
 * Which documents a role may move or rename: any of the client's; those its side (a person of the
 * caller's holding) uploaded; or only those it uploaded itself. A holding never moves the firm's filing.
 */
export type EditRule = 'any' | 'side' | 'own';

export const EDIT_RULES: Record<DoorKind, Partial<Record<Role, EditRule>>> = {
  company: { 2: 'any', 3: 'any' },
  holding: { 4: 'side', 5: 'own' },
};

/** The caller as the rules read it: its door's tenant and who it is. */
export type Caller = Pick<TenantScope, 'kind' | 'id'> & { actor: Pick<Actor, 'id' | 'role'> };

export function canEditDocument(
  scope: Caller,
  document: { uploaded_by: number | null; uploader_holding_id: number | null },
): boolean {
  const rule = EDIT_RULES[scope.kind][scope.actor.role];
  if (rule === 'any') return true;
  if (rule === 'side') return scope.kind === 'holding' && document.uploader_holding_id === scope.id;
  return rule === 'own' && document.uploaded_by !== null && document.uploaded_by === scope.actor.id;
}

/**
 * Which deleted documents a role sees in the trash and may restore: all of the client's, or those its
 * side (a person of the caller's holding) uploaded or deleted.
 */
export type TrashRule = 'any' | 'side';

export const TRASH_RULES: Record<DoorKind, Partial<Record<Role, TrashRule>>> = {
  company: { 2: 'any' },
  holding: { 4: 'side' },
};

export function canSeeTrashed(
  scope: Caller,
  document: { uploader_holding_id: number | null; deleter_holding_id: number | null },
): boolean {
  const rule = TRASH_RULES[scope.kind][scope.actor.role];
  if (rule === 'any') return true;
  return (
    rule === 'side' &&
    scope.kind === 'holding' &&
    (document.uploader_holding_id === scope.id || document.deleter_holding_id === scope.id)
  );
}

/**
 * Whose uploads and deletions bound the trash a caller lists: none (all of the client's) or its
 * holding's; null when its role sees no trash at all.
 */
export function trashSideOf(scope: Caller): { holdingId: number | null } | null {
  const rule = TRASH_RULES[scope.kind][scope.actor.role];
  if (rule === 'any') return { holdingId: null };
  return rule === 'side' ? { holdingId: scope.id } : null;
}
