import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { COMPANY_REQUEST_POLICY, type CompanyRequestAction } from './policy.js';

const actions: CompanyRequestAction[] = ['companyRequests.create', 'companyRequests.list'];
const table: [DoorKind, Role, CompanyRequestAction, boolean][] = (['company', 'holding'] as const).flatMap((door) =>
  actions.flatMap((action) =>
    ([1, 2, 3, 4, 5] as Role[]).map((role): [DoorKind, Role, CompanyRequestAction, boolean] => [
      door,
      role,
      action,
      door === 'holding' && role === 4,
    ]),
  ),
);

// role × action per door: only a holding's administrator invites; the company door has no invitations.
test.each(table)('%s door: role %i may %s: %s', (door, role, action, allowed) => {
  expect(rolesFor(COMPANY_REQUEST_POLICY, door, action).includes(role)).toBe(allowed);
});
