import type { DoorPolicy } from '../doors/index.js';

export type SearchAction = 'documents.search';

/**
 * Searching the documents is reading them: the firm's staff (roles 2, 3) over all its live clients, a
 * holding's people (roles 4, 5) over the holding's clients they see (the access feature decides which).
 */
export const SEARCH_POLICY: DoorPolicy<SearchAction> = {
  effects: { 'documents.search': 'read' },
  company: { 'documents.search': [2, 3] },
  holding: { 'documents.search': [4, 5] },
};
