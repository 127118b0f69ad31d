import type { Role } from '../../db/schema.js';
import { rolesFor } from '../doors/index.js';
import { CATEGORIES_POLICY, type CategoryAction } from './policy.js';

const ACTIONS: CategoryAction[] = [
  'categories.list',
  'categories.create',
  'categories.update',
  'categories.reorder',
  'categories.delete',
  'categories.transfer',
];
const ROLES: Role[] = [1, 2, 3, 4, 5];

// Company door: role 2 everything, role 3 only the list. Holding door: nothing.
const table = ACTIONS.flatMap((action) =>
  ROLES.flatMap((role) => [
    ['company', role, action, role === 2 || (role === 3 && action === 'categories.list')] as const,
    ['holding', role, action, false] as const,
  ]),
);

test.each(table)('%s door: role %i may %s: %s', (door, role, action, allowed) => {
  expect(rolesFor(CATEGORIES_POLICY, door, action).includes(role)).toBe(allowed);
});
