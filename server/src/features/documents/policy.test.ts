import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { canDeleteDocument, DOCUMENTS_POLICY, type DocumentAction } from './policy.js';

const ACTIONS: DocumentAction[] = [
  'documents.upload',
  'documents.get',
  'documents.collection',
  'documents.delete',
  'uploads.limits',
];

// door × action → the roles allowed (none: the door does not offer it).
const EXPECTED: Record<DoorKind, Record<DocumentAction, Role[]>> = {
  company: {
    'documents.upload': [2, 3],
    'documents.get': [2, 3],
    'documents.collection': [2, 3],
    'documents.delete': [2],
    'uploads.limits': [2, 3],
  },
  holding: {
    'documents.upload': [4, 5],
    'documents.get': [4, 5],
    'documents.collection': [4, 5],
    'documents.delete': [4, 5],
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
