import type { DoorPolicy } from '../doors/index.js';

export type ObligationAction = 'obligations.client' | 'obligations.firm' | 'obligations.file' | 'obligations.unfile';

/**
 * The declaration calendar: the firm's owner and staff read every client's obligations and the firm-wide
 * grid, and mark a declaration filed (with its receipt) or undo that; the client's holding reads its
 * clients' obligations and receipts only.
 */
export const OBLIGATIONS_POLICY: DoorPolicy<ObligationAction> = {
  effects: {
    'obligations.client': 'read',
    'obligations.firm': 'read',
    'obligations.file': 'write',
    'obligations.unfile': 'write',
  },
  company: {
    'obligations.client': [2, 3],
    'obligations.firm': [2, 3],
    'obligations.file': [2, 3],
    'obligations.unfile': [2, 3],
  },
  holding: { 'obligations.client': [4, 5] },
};
