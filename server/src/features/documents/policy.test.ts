import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { canDeleteDocument, canEditDocument, DOCUMENTS_POLICY, type DocumentAction } from './policy.js';

const ACTIONS: DocumentAction[] = [
  'documents.upload',
  'documents.get',
  'documents.collection',
  'documents.delete',
  'documents.update',
  'documents.bulk',
  'documents.trash',
  'documents.restore',
  'uploads.limits',
];

// door × action → the roles allowed (none: the door does not offer it).
const EXPECTED: Record<DoorKind, Record<DocumentAction, Role[]>> = {
  company: {
    'documents.upload': [2, 3],
    'documents.get': [2, 3],
    'documents.collection': [2, 3],
    'documents.delete': [2],
    'documents.update': [2, 3],
    'documents.bulk': [2, 3],
    'documents.trash': [2],
    'documents.restore': [2],
    'uploads.limits': [2, 3],
  },
  holding: {
    'documents.upload': [4, 5],
    'documents.get': [4, 5],
    'documents.collection': [4, 5],
    'documents.delete': [4, 5],
    'documents.update': [4, 5],
    'documents.bulk': [4, 5],
    'documents.trash': [4],
    'documents.restore': [4],
    'uploads.limits': [],
  },
};

const table = (['company', 'holding'] as const).flatMap((door) =>
  ACTIONS.flatMap((action) =>
    ([1, 2, 3, 4, 5] as Role[]).map((role) => [door, role, action, EXPECTED[door][action].includes(role)] as const),
  ),
);

test.each(table)('%s door: role %i may %s: %s', (door, role, action, allowed) => {
  expect(rolesFor(DOCUMENTS_POLICY, door, action).includes(role)).toBe(allowed);
});

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
