import type { Role } from '../../db/schema.js';
import { canCompany, canDeleteCompanyUser, COMPANY_POLICY, removesLastOwner, type CompanyAction } from './policy.js';

// role × action, as SPEC §6 reads: role 3 has dashboard, utils, profile and client view; role 2 everything.
const STAFF_ALLOWED: CompanyAction[] = ['clients.list', 'clients.view'];

const actions = Object.keys(COMPANY_POLICY) as CompanyAction[];
const table: [Role, CompanyAction, boolean][] = actions.flatMap((action) => [
  [1, action, false],
  [2, action, true],
  [3, action, STAFF_ALLOWED.includes(action)],
  [4, action, false],
  [5, action, false],
]);

test.each(table)('role %i may %s: %s', (role, action, allowed) => {
  expect(canCompany(role, action)).toBe(allowed);
});

test.each([
  ['demoting the only owner', { role: 2 as Role }, { role: 3 as Role }, 1, true],
  ['deleting the only owner', { role: 2 as Role }, { deleted: true }, 1, true],
  ['demoting one of two owners', { role: 2 as Role }, { role: 3 as Role }, 2, false],
  ['deleting one of two owners', { role: 2 as Role }, { deleted: true }, 2, false],
  ['renaming the only owner', { role: 2 as Role }, {}, 1, false],
  ['keeping the only owner an owner', { role: 2 as Role }, { role: 2 as Role }, 1, false],
  ['deleting staff', { role: 3 as Role }, { deleted: true }, 1, false],
  ['promoting staff', { role: 3 as Role }, { role: 2 as Role }, 1, false],
])('removesLastOwner: %s → %s', (_label, target, change, owners, expected) => {
  expect(removesLastOwner(target, change, owners)).toBe(expected);
});

test('nobody deletes themself from the users screen', () => {
  expect(canDeleteCompanyUser({ id: 2 }, { id: 2 })).toBe(false);
  expect(canDeleteCompanyUser({ id: 2 }, { id: 3 })).toBe(true);
});
