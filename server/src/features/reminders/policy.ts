import type { DoorPolicy } from '../doors/index.js';

/**
 * Who does what with a firm's reminders: a company-only feature (the holding door offers none of it).
 * Its staff (roles 2, 3) read the settings, preview a day and send a client's digest now; its owner
 * (role 2) changes the settings.
 */
export type ReminderAction = 'reminders.view' | 'reminders.update' | 'reminders.preview' | 'reminders.remindNow';

export const REMINDERS_POLICY: DoorPolicy<ReminderAction> = {
  effects: {
    'reminders.view': 'read',
    'reminders.update': 'write',
    'reminders.preview': 'read',
    'reminders.remindNow': 'write',
  },
  company: {
    'reminders.view': [2, 3],
    'reminders.update': [2],
    'reminders.preview': [2, 3],
    'reminders.remindNow': [2, 3],
  },
  holding: {},
};
