import { canDeleteDocument, canEditDocument, canSeeTrashed, trashSideOf } from './rules.js';

describe('canDeleteDocument (role × uploader)', () => {
  test.each([
    [2, 12, 12, true],
    [2, 12, 99, true],
    [2, 12, null, true],
    [3, 12, 12, false],
    [4, 10, 10, true],
    [4, 10, 99, true],
    [4, 10, null, true],
    [5, 11, 11, true],
    [5, 11, 10, false],
    [5, 11, null, false],
    [1, 12, 12, false],
  ] as const)('role %i, actor %i, uploaded_by %p → %p', (role, actorId, uploadedBy, allowed) => {
    expect(canDeleteDocument({ id: actorId, role }, { uploaded_by: uploadedBy })).toBe(allowed);
  });
});

describe('canEditDocument (door × role × uploader)', () => {
  // holding 7's people; a company's staff uploads with uploader_holding_id null.
  test.each([
    ['company', 2, 12, 99, null, true],
    ['company', 3, 13, 99, 7, true],
    ['holding', 4, 10, 11, 7, true],
    ['holding', 4, 10, 99, null, false],
    ['holding', 4, 10, 50, 8, false],
    ['holding', 5, 11, 11, 7, true],
    ['holding', 5, 11, 10, 7, false],
  ] as const)('%s door, role %i, actor %i, uploaded_by %p of holding %p → %p', (kind, role, actorId, by, side, ok) => {
    const scope = { kind, id: kind === 'holding' ? 7 : 1, actor: { id: actorId, role } };
    expect(canEditDocument(scope, { uploaded_by: by, uploader_holding_id: side })).toBe(ok);
  });
});

describe('canSeeTrashed (door × role × side)', () => {
  // holding 7; a document its side uploaded or deleted, or neither.
  test.each([
    ['company', 2, null, null, true],
    ['company', 3, null, null, false],
    ['holding', 4, 7, null, true],
    ['holding', 4, null, 7, true],
    ['holding', 4, 8, null, false],
    ['holding', 5, 7, 7, false],
  ] as const)('%s door, role %i, uploader of holding %p, deleter of holding %p → %p', (kind, role, up, del, ok) => {
    const scope = { kind, id: kind === 'holding' ? 7 : 1, actor: { id: 10, role } };
    expect(canSeeTrashed(scope, { uploader_holding_id: up, deleter_holding_id: del })).toBe(ok);
  });

  test('the trash a caller lists is bounded by the same rule', () => {
    expect(trashSideOf({ kind: 'company', id: 1, actor: { id: 12, role: 2 } })).toEqual({ holdingId: null });
    expect(trashSideOf({ kind: 'holding', id: 7, actor: { id: 10, role: 4 } })).toEqual({ holdingId: 7 });
    expect(trashSideOf({ kind: 'holding', id: 7, actor: { id: 11, role: 5 } })).toBeNull();
  });
});
