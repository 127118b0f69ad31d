import type { DoorPolicy } from '../doors/index.js';

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
 * delete, move or rename and which of the trash they see is the access feature's (DELETE_RULES,
 * EDIT_RULES, TRASH_RULES); the holding's administrator (role 4) has its side's trash. Bulk calls check each document with the rule of their action.
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
