import type { Role } from '../../db/schema.js';
import { rolesFor } from '../doors/index.js';
import { SEARCH_POLICY } from './policy.js';

// Searching is reading: the firm's people (2, 3) on the company door, the holding's (4, 5) on its own.
const table = (['company', 'holding'] as const).flatMap((door) =>
  ([1, 2, 3, 4, 5] as Role[]).map(
    (role) => [door, role, door === 'company' ? role === 2 || role === 3 : role === 4 || role === 5] as const,
  ),
);

test.each(table)('%s door: role %i may search: %s', (door, role, expected) => {
  expect(rolesFor(SEARCH_POLICY, door, 'documents.search').includes(role)).toBe(expected);
});

test('a search is a read (a read-only tenant still searches)', () => {
  expect(SEARCH_POLICY.effects['documents.search']).toBe('read');
});
