import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { CLIENT_POLICY, type ClientAction } from './policy.js';

const ALL_ROLES: Role[] = [1, 2, 3, 4, 5];

// door × action → the roles allowed; an action a door does not offer allows nobody.
const expected: [DoorKind, ClientAction, Role[]][] = [
  ['company', 'clients.list', [2, 3]],
  ['company', 'clients.view', [2, 3]],
  ['company', 'clients.create', [2]],
  ['company', 'clients.notify', [2]],
  ['company', 'clients.update', [2]],
  ['company', 'clients.delete', [2]],
  ['company', 'clients.restore', [2]],
  ['company', 'clients.access', [2]],
  ['company', 'clients.accessManage', [2]],
  ['holding', 'clients.list', [4, 5]],
  ['holding', 'clients.view', [4, 5]],
  ['holding', 'clients.create', [4]],
  ['holding', 'clients.update', [4]],
  ['holding', 'clients.delete', [4]],
  ['holding', 'clients.notify', []],
  ['holding', 'clients.restore', []],
  ['holding', 'clients.access', []],
  ['holding', 'clients.accessManage', []],
];

test.each(
  expected.flatMap(([door, action, roles]) => ALL_ROLES.map((role) => [door, action, role, roles.includes(role)])),
)('%s door, %s, role %i: %s', (door, action, role, allowed) => {
  expect(rolesFor(CLIENT_POLICY, door as DoorKind, action as ClientAction).includes(role as Role)).toBe(allowed);
});
