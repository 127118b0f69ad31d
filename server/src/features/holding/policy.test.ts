import { canDeleteDocument } from './policy.js';

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
