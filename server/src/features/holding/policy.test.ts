import { leavesHoldingWithoutAdmin } from './policy.js';

describe('leavesHoldingWithoutAdmin', () => {
  test.each([
    ['delete the only admin', [1], { id: 1, role: 4 }, { deleted: true }, true],
    ['demote the only admin', [1], { id: 1, role: 4 }, { role: 5 }, true],
    ['rename the only admin', [1], { id: 1, role: 4 }, {}, false],
    ['keep the only admin at role 4', [1], { id: 1, role: 4 }, { role: 4 }, false],
    ['delete one of two admins', [1, 2], { id: 1, role: 4 }, { deleted: true }, false],
    ['demote one of two admins', [1, 2], { id: 2, role: 4 }, { role: 5 }, false],
    ['delete a role-5 user', [1], { id: 3, role: 5 }, { deleted: true }, false],
    ['promote a role-5 user', [1], { id: 3, role: 5 }, { role: 4 }, false],
  ] as const)('%s → %p', (_label, admins, target, change, refused) => {
    expect(leavesHoldingWithoutAdmin(admins, target, change)).toBe(refused);
  });
});
