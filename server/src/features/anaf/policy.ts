import type { DoorPolicy } from '../doors/index.js';

/**
 * ANAF on the company door only. Staff (roles 2, 3) look a CUI up, see the clients' registry states and
 * mark a change seen; the owner (role 2) authorises SPV and turns its sync on or off per client.
 */
export type AnafAction = 'anaf.lookup' | 'anaf.view' | 'anaf.seen' | 'spv.authorize' | 'spv.client';

export const ANAF_POLICY: DoorPolicy<AnafAction> = {
  effects: {
    'anaf.lookup': 'read',
    'anaf.view': 'read',
    'anaf.seen': 'write',
    'spv.authorize': 'write',
    'spv.client': 'write',
  },
  company: {
    'anaf.lookup': [2, 3],
    'anaf.view': [2, 3],
    'anaf.seen': [2, 3],
    'spv.authorize': [2],
    'spv.client': [2],
  },
  holding: {},
};
