import type { DoorPolicy } from '../doors/index.js';

export type NotificationsAction = 'notifications.list' | 'notifications.seen' | 'settings.read' | 'settings.update';

/**
 * What the firm hears back is the firm's (docs/api/company-door.md, "Notificări"): its owner and staff
 * (2, 3) each read their own list, mark it read and choose their digest. A holding has none. Marking read
 * moves the caller's own mark, nothing the firm owns, so an expired firm still clears its badge; the
 * digest choice is a setting like any other, refused while the firm is read-only.
 */
export const NOTIFICATIONS_POLICY: DoorPolicy<NotificationsAction> = {
  effects: {
    'notifications.list': 'read',
    'notifications.seen': 'read',
    'settings.read': 'read',
    'settings.update': 'write',
  },
  company: {
    'notifications.list': [2, 3],
    'notifications.seen': [2, 3],
    'settings.read': [2, 3],
    'settings.update': [2, 3],
  },
  holding: {},
};
