import type { DoorPolicy } from '../doors/index.js';

export type CategoryAction =
  | 'categories.list'
  | 'categories.create'
  | 'categories.update'
  | 'categories.reorder'
  | 'categories.delete'
  | 'categories.transfer';

/**
 * Category sets are the company's: its owner (role 2) edits them; its staff (role 3) reads the list,
 * which the client view's upload form needs. The holding door offers no category call (a holding
 * reads its client's set in the client view).
 */
export const CATEGORIES_POLICY: DoorPolicy<CategoryAction> = {
  effects: {
    'categories.list': 'read',
    'categories.create': 'write',
    'categories.update': 'write',
    'categories.reorder': 'write',
    'categories.delete': 'write',
    'categories.transfer': 'write',
  },
  company: {
    'categories.list': [2, 3],
    'categories.create': [2],
    'categories.update': [2],
    'categories.reorder': [2],
    'categories.delete': [2],
    'categories.transfer': [2],
  },
  holding: {},
};
