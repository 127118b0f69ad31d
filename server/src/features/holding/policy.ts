import type { Role } from '../../db/schema.js';

/**
 * Pure rules of the client area (DESIGN §3), on already-loaded data. Scope
 * (holding id, linked company) is checked before these run and again in every
 * repository query.
 */

interface ActorLike {
  id: number;
  role: Role;
}

/** Role 4 deletes any document of the holding's clients; role 5 only those it uploaded. */
export function canDeleteDocument(actor: ActorLike, document: { uploaded_by: number | null }): boolean {
  if (actor.role === 4) return true;
  if (actor.role === 5) return document.uploaded_by !== null && document.uploaded_by === actor.id;
  return false;
}
