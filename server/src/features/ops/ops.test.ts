import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

test('/api/health answers while the process lives; /api/ready checks the database and storage', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
});

test('/api/ready answers 503 with a Romanian message when storage is unreachable', async () => {
  const original = t.ctx.storage.ping;
  t.ctx.storage.ping = async () => {
    throw new Error('EACCES');
  };
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'down', checks: { database: 'ok', storage: 'down' } });
    expect(res.json().message).toMatch(/nu este pregătit/);
  } finally {
    t.ctx.storage.ping = original;
  }
});
