/**
 * Who may see or change which client, document, month and utility file, on both doors: the conditions
 * every feature's queries take (a month is its client's), the client loader, and the per-object role
 * rules (which documents a role may delete, move, see in the trash). It imports no other feature.
 */
export {
  clientVisibleTo,
  documentVisibleTo,
  findScopedClient,
  firmInView,
  handledBySide,
  holdingLinked,
  seesClientInPortal,
  utilityFileVisibleTo,
  visibleDocumentIds,
  visibleUtilityFileIds,
  worksWithCompany,
} from './repository.js';
export type { RowState, ScopedClient, Tenant } from './repository.js';
export { clientNotFound, loadScopedClient } from './service.js';
export {
  canDeleteDocument,
  canEditDocument,
  canSeeTrashed,
  trashSideOf,
  DELETE_RULES,
  EDIT_RULES,
  TRASH_RULES,
} from './rules.js';
export type { Caller, DeleteRule, EditRule, TrashRule } from './rules.js';
