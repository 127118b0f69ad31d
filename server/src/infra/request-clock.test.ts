import Fastify from 'fastify';
import { registerRequestClock, requestStartedAt } from './request-clock.js';

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

test("a request's clock reaches its handler and everything the handler awaits, after a JSON body", async () => {
  const app = Fastify();
  registerRequestClock(app);
  app.post('/', async () => {
    const first = requestStartedAt();
    await later();
    return { same: requestStartedAt() === first };
  });
  const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } });
  expect(res.json()).toEqual({ same: true });
  await app.close();
});

test('outside a request the clock reads now', async () => {
  const first = requestStartedAt();
  await later();
  expect(requestStartedAt()).toBeGreaterThan(first);
});
