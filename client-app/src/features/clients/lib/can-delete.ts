import type { ClientDocument, User } from '@dosar/shared';

/**
 * Whether to offer "Șterge" (comfort only: the server decides). Role 4 may delete any
 * of the holding's documents, role 5 only what it uploaded itself; a `can_delete: false`
 * from the server always hides the button.
 */
export function canDeleteDocument(user: User | null, document: ClientDocument): boolean {
  if (!user || document.can_delete === false) return false;
  if (user.role === 4) return true;
  if (user.role === 5) return document.uploaded_by?.id === user.id;
  return false;
}
