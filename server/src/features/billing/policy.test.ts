import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { BILLING_POLICY, type BillingAction } from './policy.js';

// role × action per door: only the tenant's payer (company owner 2, holding administrator 4) sees billing.
const PAYER: Record<DoorKind, Role> = { company: 2, holding: 4 };
const actions = Object.keys(BILLING_POLICY.company) as BillingAction[];

const table: [DoorKind, Role, BillingAction, boolean][] = (['company', 'holding'] as const).flatMap((door) =>
  actions.flatMap((action) =>
    ([1, 2, 3, 4, 5] as Role[]).map((role): [DoorKind, Role, BillingAction, boolean] => [
      door,
      role,
      action,
      role === PAYER[door],
    ]),
  ),
);

test.each(table)('%s door: role %i may %s: %s', (door, role, action, allowed) => {
  expect(rolesFor(BILLING_POLICY, door, action).includes(role)).toBe(allowed);
});

test('both doors offer the same billing actions', () => {
  expect(Object.keys(BILLING_POLICY.holding).sort()).toEqual([...actions].sort());
});

test('paying and changing the plan stay open to a read-only tenant: they are how it gets out', () => {
  expect(BILLING_POLICY.effects).toEqual({
    'subscription.view': 'read',
    'payments.view': 'read',
    'payments.pay': 'renew',
    'subscription.change': 'renew',
  });
});
