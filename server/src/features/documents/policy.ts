import type { Role } from '../../db/schema.js';
import type { Actor } from '../../infra/auth.js';
import type { DoorKind, DoorPolicy } from '../doors/index.js';

export type DocumentAction =
  'documents.upload' | 'documents.get' | 'documents.collection' | 'documents.delete' | 'uploads.limits';

/**
 * Who may call the document routes of a client, per door. A company's staff (role 3) works in the
 * client view: it uploads, downloads and zips; deleting is the owner's (role 2). A holding's people
 * (roles 4, 5) upload, download, zip and delete — which documents they may delete is DELETE_RULES.
 * The upload limits call exists on the company door only (the holding reads them in its client view).
 */
export const DOCUMENTS_POLICY: DoorPolicy<DocumentAction> = {
  company: {
    'documents.upload': [2, 3],
    'documents.get': [2, 3],
    'documents.collection': [2, 3],
    'documents.delete': [2],
    'uploads.limits': [2, 3],
  },
  holding: {
    'documents.upload': [4, 5],
    'documents.get': [4, 5],
    'documents.collection': [4, 5],
    'documents.delete': [4, 5],
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
