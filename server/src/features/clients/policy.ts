import type { DoorPolicy } from '../doors/index.js';

/**
 * Who may do what with clients, per door. Company: its staff (roles 2, 3) list and view; its owner
 * (role 2) also creates, edits, archives and restores them, writes to them and manages who signs in
 * to the portal for them (clients.access lists them; clients.accessManage invites, resends and revokes).
 * Holding: its people (roles 4, 5) list and view; its administrator (role 4) also creates, updates and
 * deletes.
 */
export type ClientAction =
  | 'clients.list'
  | 'clients.view'
  | 'clients.create'
  | 'clients.update'
  | 'clients.delete'
  | 'clients.restore'
  | 'clients.notify'
  | 'clients.access'
  | 'clients.accessManage';

export const CLIENT_POLICY: DoorPolicy<ClientAction> = {
  effects: {
    'clients.list': 'read',
    'clients.view': 'read',
    'clients.create': 'write',
    'clients.update': 'write',
    'clients.delete': 'write',
    'clients.restore': 'write',
    'clients.notify': 'write',
    'clients.access': 'read',
    'clients.accessManage': 'write',
  },
  company: {
    'clients.list': [2, 3],
    'clients.view': [2, 3],
    'clients.create': [2],
    'clients.update': [2],
    'clients.delete': [2],
    'clients.restore': [2],
    'clients.notify': [2],
    'clients.access': [2],
    'clients.accessManage': [2],
  },
  holding: {
    'clients.list': [4, 5],
    'clients.view': [4, 5],
    'clients.create': [4],
    'clients.update': [4],
    'clients.delete': [4],
  },
};
