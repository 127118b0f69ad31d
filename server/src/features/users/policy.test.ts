import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { canDeleteUser, isManagedRole, removesLastPrivileged, USERS_POLICY, type UserAction } from './policy.js';

const ACTIONS: UserAction[] = ['users.list', 'users.create', 'users.update', 'users.delete'];
const ROLES: Role[] = [1, 2, 3, 4, 5];

// role × action per door: only the company owner (2) on the company door, the holding administrator (4) on the holding door.
const MANAGER: Record<DoorKind, Role> = { company: 2, holding: 4 };
const table: [DoorKind, Role, UserAction, boolean][] = (['company', 'holding'] as const).flatMap((door) =>
  ACTIONS.flatMap((action) =>
    ROLES.map((role): [DoorKind, Role, UserAction, boolean] => [door, role, action, role === MANAGER[door]]),
  ),
);

test.each(table)('%s door: role %i may %s: %s', (door, role, action, allowed) => {
  expect(rolesFor(USERS_POLICY, door, action).includes(role)).toBe(allowed);
});

test('each door gives only its own two roles', () => {
  expect([1, 2, 3, 4, 5].filter((r) => isManagedRole('company', r))).toEqual([2, 3]);
  expect([1, 2, 3, 4, 5].filter((r) => isManagedRole('holding', r))).toEqual([4, 5]);
});

describe('removesLastPrivileged: one rule for the last company owner and the last holding administrator', () => {
  test.each([
    // door, label, privileged ids, target, change, refused
    ['company', 'deleting the only owner', [1], { id: 1, role: 2 }, { deleted: true }, true],
    ['company', 'demoting the only owner', [1], { id: 1, role: 2 }, { role: 3 }, true],
    ['company', 'renaming the only owner', [1], { id: 1, role: 2 }, {}, false],
    ['company', 'keeping the only owner an owner', [1], { id: 1, role: 2 }, { role: 2 }, false],
    ['company', 'deleting one of two owners', [1, 2], { id: 1, role: 2 }, { deleted: true }, false],
    ['company', 'demoting one of two owners', [1, 2], { id: 2, role: 2 }, { role: 3 }, false],
    ['company', 'deleting staff', [1], { id: 3, role: 3 }, { deleted: true }, false],
    ['company', 'promoting staff', [1], { id: 3, role: 3 }, { role: 2 }, false],
    ['holding', 'deleting the only administrator', [1], { id: 1, role: 4 }, { deleted: true }, true],
    ['holding', 'demoting the only administrator', [1], { id: 1, role: 4 }, { role: 5 }, true],
    ['holding', 'renaming the only administrator', [1], { id: 1, role: 4 }, {}, false],
    ['holding', 'keeping the only administrator at role 4', [1], { id: 1, role: 4 }, { role: 4 }, false],
    ['holding', 'deleting one of two administrators', [1, 2], { id: 1, role: 4 }, { deleted: true }, false],
    ['holding', 'demoting one of two administrators', [1, 2], { id: 2, role: 4 }, { role: 5 }, false],
    ['holding', 'deleting a role-5 user', [1], { id: 3, role: 5 }, { deleted: true }, false],
    ['holding', 'promoting a role-5 user', [1], { id: 3, role: 5 }, { role: 4 }, false],
    // A privileged target already gone from the locked list (deleted meanwhile) with nobody else left: refused.
    ['company', 'the last owner when the lock found none', [], { id: 1, role: 2 }, { deleted: true }, true],
  ] as const)('%s: %s (privileged %j, target %j, change %j) → %p', (door, _label, ids, target, change, refused) => {
    expect(removesLastPrivileged(door, ids, target, change)).toBe(refused);
  });
});

test('nobody deletes themself from the users screen, on either door', () => {
  expect(canDeleteUser({ id: 2 }, { id: 2 })).toBe(false);
  expect(canDeleteUser({ id: 2 }, { id: 3 })).toBe(true);
});
