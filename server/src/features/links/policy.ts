import type { DoorPolicy } from '../doors/index.js';

/**
 * Who may do what with the links between companies and holdings. A company's owner (role 2) lists,
 * notifies and removes its holdings; a holding's people (roles 4, 5) list its companies and its
 * administrator (role 4) removes one.
 */
export type LinkAction = 'links.list' | 'links.notify' | 'links.delete';

export const LINK_POLICY: DoorPolicy<LinkAction> = {
  effects: { 'links.list': 'read', 'links.notify': 'write', 'links.delete': 'write' },
  company: { 'links.list': [2], 'links.notify': [2], 'links.delete': [2] },
  holding: { 'links.list': [4, 5], 'links.delete': [4] },
};
