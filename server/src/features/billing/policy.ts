import type { DoorPolicy } from '../doors/index.js';

export type BillingAction = 'subscription.view' | 'payments.view' | 'payments.pay' | 'subscription.change';

/**
 * Who pays for a tenant: the company's owner (role 2) on the company door, the holding's
 * administrator (role 4) on the holding door. Staff (3) and a holding's users (5) see no billing.
 * Paying and changing the plan renew: they are how a tenant whose period ended leaves the read-only
 * state, so that state must let them through.
 */
export const BILLING_POLICY: DoorPolicy<BillingAction> = {
  effects: {
    'subscription.view': 'read',
    'payments.view': 'read',
    'payments.pay': 'renew',
    'subscription.change': 'renew',
  },
  company: {
    'subscription.view': [2],
    'payments.view': [2],
    'payments.pay': [2],
    'subscription.change': [2],
  },
  holding: {
    'subscription.view': [4],
    'payments.view': [4],
    'payments.pay': [4],
    'subscription.change': [4],
  },
};
