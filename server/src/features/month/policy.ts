import type { DoorPolicy } from '../doors/index.js';

export type MonthAction =
  | 'defaults.read'
  | 'defaults.write'
  | 'requirements.read'
  | 'requirements.write'
  | 'checklist.read'
  | 'items.mark'
  | 'review.queue'
  | 'review.decide'
  | 'portfolio'
  | 'periods.done'
  | 'periods.close';

/**
 * Who may do what with the month (docs/api/month.md). The firm's owner (role 2) writes the default set,
 * the due day, a client's requirements and profile, and closes / reopens months; its staff (role 3)
 * reads them, reviews documents and marks items "not applicable". A holding's people (roles 4, 5) read
 * their clients' checklists and say "Am terminat"; they never review.
 */
export const MONTH_POLICY: DoorPolicy<MonthAction> = {
  // `requirements.write` also covers the client's profile; `periods.close` closing and reopening.
  effects: {
    'defaults.read': 'read',
    'defaults.write': 'write',
    'requirements.read': 'read',
    'requirements.write': 'write',
    'checklist.read': 'read',
    'items.mark': 'write',
    'review.queue': 'read',
    'review.decide': 'write',
    portfolio: 'read',
    'periods.done': 'write',
    'periods.close': 'write',
  },
  company: {
    'defaults.read': [2, 3],
    'defaults.write': [2],
    'requirements.read': [2, 3],
    'requirements.write': [2],
    'checklist.read': [2, 3],
    'items.mark': [2, 3],
    'review.queue': [2, 3],
    'review.decide': [2, 3],
    portfolio: [2, 3],
    'periods.close': [2],
  },
  holding: {
    'checklist.read': [4, 5],
    'periods.done': [4, 5],
  },
};
