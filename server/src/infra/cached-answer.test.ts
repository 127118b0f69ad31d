import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { AppContext } from './context.js';
import { cachedAnswer, GZIP_MIN_BYTES } from './cached-answer.js';
import { ReadCache } from './read-cache.js';
import { JsonText } from '../lib/json-text.js';

// An answer the database wrote as JSON goes out as it is; in tests it must pass through the route's
// response schema unchanged, so a field the whitelist would drop is caught here, not by a user.
async function appAnswering(text: string) {
  const app = Fastify();
  const cache = new ReadCache(false, async () => async () => {});
  app.decorate('ctx', { readCache: cache } as unknown as AppContext);
  app.post(
    '/answer',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } },
          },
        },
      },
    },
    (request, reply) => cachedAnswer(request, reply, 1, async () => new JsonText(text)),
  );
  await app.ready();
  return app;
}

test('a written answer that fits its schema goes out byte for byte', async () => {
  const text = '{"data":[{"id" : 1}, {"id" : 2}]}';
  const app = await appAnswering(text);
  const res = await app.inject({ method: 'POST', url: '/answer', payload: {} });
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(text);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  await app.close();
});

test.each([
  ['a field the schema does not list', '{"data":[{"id":1,"password_hash":"x"}]}'],
  ['a value of another type', '{"data":[{"id":"1"}]}'],
])('a written answer with %s is refused', async (_what, text) => {
  const app = await appAnswering(text);
  const res = await app.inject({ method: 'POST', url: '/answer', payload: {} });
  expect(res.statusCode).toBe(500);
  expect(res.body).not.toContain('password_hash');
  await app.close();
});

test('with the cache off, a large answer goes gzipped to a browser and plain to a client that takes no gzip', async () => {
  const rows = Array.from({ length: 200 }, (_, i) => `{"id" : ${i}}`).join(', ');
  const text = `{"data":[${rows}]}`;
  expect(text.length).toBeGreaterThanOrEqual(GZIP_MIN_BYTES);
  const app = await appAnswering(text);
  const ask = (encoding?: string) =>
    app.inject({
      method: 'POST',
      url: '/answer',
      payload: {},
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });
  const browser = await ask('gzip, deflate, br');
  expect(browser.headers['content-encoding']).toBe('gzip');
  expect(browser.headers.vary).toContain('accept-encoding');
  expect(browser.rawPayload.length).toBeLessThan(text.length / 4);
  expect(gunzipSync(browser.rawPayload).toString()).toBe(text);
  expect(browser.headers['x-cache']).toBeUndefined();
  for (const plain of [await ask(), await ask('gzip;q=0, identity')]) {
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  }
  await app.close();
});

test('with the cache off, a small answer goes out plain even to a browser', async () => {
  const text = '{"data":[{"id" : 1}]}';
  const app = await appAnswering(text);
  const res = await app.inject({ method: 'POST', url: '/answer', payload: {}, headers: { 'accept-encoding': 'gzip' } });
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.body).toBe(text);
  await app.close();
});
