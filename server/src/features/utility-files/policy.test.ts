import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { UTILITY_FILES_POLICY, type UtilityAction } from './policy.js';

const ACTIONS: UtilityAction[] = ['utils.list', 'utils.get', 'utils.create', 'utils.update', 'utils.delete'];
const READ: UtilityAction[] = ['utils.list', 'utils.get'];

// Company door: role 2 everything, role 3 reads. Holding door: roles 4 and 5 read, nobody writes.
const allowed = (door: DoorKind, role: Role, action: UtilityAction): boolean =>
  door === 'company'
    ? role === 2 || (role === 3 && READ.includes(action))
    : [4, 5].includes(role) && READ.includes(action);

const table = (['company', 'holding'] as const).flatMap((door) =>
  ACTIONS.flatMap((action) =>
    ([1, 2, 3, 4, 5] as Role[]).map((role) => [door, role, action, allowed(door, role, action)] as const),
  ),
);

test.each(table)('%s door: role %i may %s: %s', (door, role, action, expected) => {
  expect(rolesFor(UTILITY_FILES_POLICY, door, action).includes(role)).toBe(expected);
});
