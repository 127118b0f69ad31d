import { createTestApp, type TestApp } from '../helpers.js';

// The OpenAPI document a client developer reads at /api/docs: every door route carries its
// tenant id as a path parameter, although features declare only their own ids.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

type Operation = { parameters?: { name: string; in: string; required?: boolean }[] };

test('every door route documents its tenant id and its own ids as path parameters', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  const doorPaths = Object.keys(paths).filter((p) => /^\/api\/(company|holding)\/\{(companyId|holdingId)\}\//.test(p));
  // Both doors serve the domain features (clients, users, documents, …), not a handful of routes.
  expect(doorPaths.filter((p) => p.startsWith('/api/company/')).length).toBeGreaterThan(25);
  expect(doorPaths.filter((p) => p.startsWith('/api/holding/')).length).toBeGreaterThan(15);
  for (const p of doorPaths) {
    for (const operation of Object.values(paths[p])) {
      const inPath = (operation.parameters ?? []).filter((q) => q.in === 'path').map((q) => q.name);
      const expected = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect([p, inPath.sort()]).toEqual([p, expected.sort()]);
    }
  }
  expect(Object.keys(paths)).toEqual(
    expect.arrayContaining([
      '/api/company/{companyId}/clients/{id}',
      '/api/holding/{holdingId}/clients/{id}',
      '/api/company/{companyId}/users/{id}/update',
      '/api/holding/{holdingId}/users/{id}/update',
    ]),
  );
});
