import type { Role } from '../../db/schema.js';
import { rolesFor, type DoorKind } from '../doors/index.js';
import { DOCUMENTS_POLICY, type DocumentAction } from './policy.js';

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
