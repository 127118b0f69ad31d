import type { DoorPolicy } from '../doors/index.js';

export type ActivityPolicyAction = 'activity.list' | 'activity.export';

/**
 * Who reads a client's history: the firm's owner and staff (2, 3) and the client's holding (4, 5) on
 * their doors; the CSV export is the firm's (docs/api/month.md, "History").
 */
export const ACTIVITY_POLICY: DoorPolicy<ActivityPolicyAction> = {
  effects: { 'activity.list': 'read', 'activity.export': 'read' },
  company: { 'activity.list': [2, 3], 'activity.export': [2, 3] },
  holding: { 'activity.list': [4, 5] },
};
