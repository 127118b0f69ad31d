import type { Role } from '../../db/schema.js';
import type { Actor } from '../../infra/auth.js';
import type { DoorKind, DoorPolicy, TenantScope } from '../doors/index.js';

export type DocumentAction =
  | 'documents.upload'
  | 'documents.get'
  | 'documents.collection'
  | 'documents.delete'
  | 'documents.update'
  | 'documents.bulk'
  | 'documents.trash'
  | 'documents.restore'
  | 'uploads.limits';

/**
 * Who may call the document routes of a client, per door. A company's staff (role 3) works in the
 * client view: it uploads, downloads, zips, moves and renames; deleting and the trash are the owner's
 * (role 2). A holding's people (roles 4, 5) upload, download, zip and delete — which documents they may
 * delete is DELETE_RULES, which they may move or rename EDIT_RULES; the holding's administrator (role 4)
 * sees its side's trash (TRASH_RULES). Bulk calls check each document with the rule of their action.
 * The upload limits call exists on the company door only (the holding reads them in its client view).
 */
export const DOCUMENTS_POLICY: DoorPolicy<DocumentAction> = {
  // A download or a zip logs who read what (activity): still a read of the tenant's documents.
  effects: {
    'documents.upload': 'write',
    'documents.get': 'read',
    'documents.collection': 'read',
    'documents.delete': 'write',
    'documents.update': 'write',
    'documents.bulk': 'write',
    'documents.trash': 'read',
    'documents.restore': 'write',
    'uploads.limits': 'read',
  },
  company: {
    'documents.upload': [2, 3],
    'documents.get': [2, 3],
    'documents.collection': [2, 3],
    'documents.delete': [2],
    'documents.update': [2, 3],
    'documents.bulk': [2, 3],
    'documents.trash': [2],
    'documents.restore': [2],
    'uploads.limits': [2, 3],
  },
  holding: {
    'documents.upload': [4, 5],
    'documents.get': [4, 5],
    'documents.collection': [4, 5],
    'documents.delete': [4, 5],
    'documents.update': [4, 5],
    'documents.bulk': [4, 5],
    'documents.trash': [4],
    'documents.restore': [4],
  },
};

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

type Caller = Pick<TenantScope, 'kind' | 'id'> & { actor: Pick<Actor, 'id' | 'role'> };

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
 * Which deleted documents a role sees in the trash and may restore: the company's owner all of the
 * client's; the holding's administrator those its side uploaded or deleted.
 */
export function canSeeTrashed(
  scope: Caller,
  document: { uploader_holding_id: number | null; deleter_holding_id: number | null },
): boolean {
  if (scope.kind === 'company') return scope.actor.role === 2;
  return (
    scope.actor.role === 4 && (document.uploader_holding_id === scope.id || document.deleter_holding_id === scope.id)
  );
}
