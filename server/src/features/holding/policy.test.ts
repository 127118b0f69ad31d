import { canDeleteDocument, leavesHoldingWithoutAdmin } from './policy.js';

describe('canDeleteDocument (role × uploader)', () => {
  test.each([
    [4, 10, 10, true],
    [4, 10, 99, true],
    [4, 10, null, true],
    [5, 11, 11, true],
    [5, 11, 10, false],
    [5, 11, null, false],
    [2, 12, 12, false],
    [3, 12, 12, false],
    [1, 12, 12, false],
  ] as const)('role %i, actor %i, uploaded_by %p → %p', (role, actorId, uploadedBy, allowed) => {
    expect(canDeleteDocument({ id: actorId, role }, { uploaded_by: uploadedBy })).toBe(allowed);
  });
});

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
