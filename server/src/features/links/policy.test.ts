import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { LINK_POLICY, type LinkAction } from './policy.js';

const ALL_ROLES: Role[] = [1, 2, 3, 4, 5];

// door × action → the roles allowed; an action a door does not offer allows nobody.
const expected: [DoorKind, LinkAction, Role[]][] = [
  ['company', 'links.list', [2]],
  ['company', 'links.notify', [2]],
  ['company', 'links.delete', [2]],
  ['holding', 'links.list', [4, 5]],
  ['holding', 'links.notify', []],
  ['holding', 'links.delete', [4]],
];

test.each(
  expected.flatMap(([door, action, roles]) => ALL_ROLES.map((role) => [door, action, role, roles.includes(role)])),
)('%s door, %s, role %i: %s', (door, action, role, allowed) => {
  expect(rolesFor(LINK_POLICY, door as DoorKind, action as LinkAction).includes(role as Role)).toBe(allowed);
});
