import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('demo owner signs in and reads itself', async () => {
  const token = await t.login('owner@demo.ro');
  expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{40,}$/);
  const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ email: 'owner@demo.ro', role: 2, company: { name: 'Contabil Demo SRL' } });
  expect(res.body).not.toContain('password');
});
