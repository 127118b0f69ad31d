import type { Role } from '../../db/schema.js';
import { canCompany, COMPANY_POLICY, type CompanyAction } from './policy.js';

// role × action, as SPEC §6 reads: role 3 has dashboard, utils, profile and client view; role 2 everything.
const STAFF_ALLOWED: CompanyAction[] = [
  'media.upload',
  'media.get',
  'media.collection',
  'uploads.limits',
  'categories.list',
  'utils.list',
  'utils.get',
];

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
