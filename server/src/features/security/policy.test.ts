import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { SECURITY_POLICY, type SecurityAction } from './policy.js';

const ALL_ROLES: Role[] = [1, 2, 3, 4, 5];

// door × action → the roles allowed; an action a door does not offer allows nobody.
const expected: [DoorKind, SecurityAction, Role[]][] = [
  ['company', 'security.view', [2]],
  ['company', 'security.update', [2]],
  ['holding', 'security.view', [4]],
  ['holding', 'security.update', [4]],
];

test.each(
  expected.flatMap(([door, action, roles]) => ALL_ROLES.map((role) => [door, action, role, roles.includes(role)])),
)('%s door, %s, role %i: %s', (door, action, role, allowed) => {
  expect(rolesFor(SECURITY_POLICY, door as DoorKind, action as SecurityAction).includes(role as Role)).toBe(allowed);
});
