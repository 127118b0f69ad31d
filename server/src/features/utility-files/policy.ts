import type { DoorPolicy } from '../doors/index.js';

export type UtilityAction = 'utils.list' | 'utils.get' | 'utils.create' | 'utils.update' | 'utils.delete';

/**
 * Utility files (templates, forms) belong to a company: its owner (role 2) manages them, its staff
 * (role 3) reads and downloads them. A holding's people (roles 4, 5) read and download those of the
 * companies the holding works with.
 */
export const UTILITY_FILES_POLICY: DoorPolicy<UtilityAction> = {
  effects: {
    'utils.list': 'read',
    'utils.get': 'read',
    'utils.create': 'write',
    'utils.update': 'write',
    'utils.delete': 'write',
  },
  company: {
    'utils.list': [2, 3],
    'utils.get': [2, 3],
    'utils.create': [2],
    'utils.update': [2],
    'utils.delete': [2],
  },
  holding: {
    'utils.list': [4, 5],
    'utils.get': [4, 5],
  },
};
