import crypto from 'node:crypto';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  try {
    const limiter = await redisRateLimiter(REDIS_URL);
    await limiter.close();
    return true;
  } catch {
    return false;
  }
}

test('memory: the sixth hit in a window is refused, then allowed after the window', async () => {
  let now = 1_000_000;
  const limiter = memoryRateLimiter(() => now);
  const results = [];
  for (let i = 0; i < 6; i++) results.push((await limiter.hit('login:a@b.ro:1.2.3.4', 5, 60)).allowed);
  expect(results).toEqual([true, true, true, true, true, false]);
  expect((await limiter.hit('login:a@b.ro:1.2.3.4', 5, 60)).retryAfter).toBe(60);
  now += 61_000;
  expect((await limiter.hit('login:a@b.ro:1.2.3.4', 5, 60)).allowed).toBe(true);
  await limiter.reset('login:a@b.ro:1.2.3.4');
});

test('redis: two limiters (two instances) share one counter', async () => {
  if (!(await redisAvailable())) {
    // The machine's Redis is part of CI; a developer laptop may not have one.
    console.warn('redis not reachable: skipped shared-counter check');
    return;
  }
  const a: RateLimiter = await redisRateLimiter(REDIS_URL);
  const b: RateLimiter = await redisRateLimiter(REDIS_URL);
  const key = `test:${crypto.randomUUID()}`;
  const seen = [];
  for (let i = 0; i < 3; i++) seen.push((await a.hit(key, 5, 60)).allowed);
  for (let i = 0; i < 3; i++) seen.push((await b.hit(key, 5, 60)).allowed);
  expect(seen).toEqual([true, true, true, true, true, false]);
  await a.reset(key);
  expect((await b.hit(key, 5, 60)).allowed).toBe(true);
  await a.reset(key);
  await a.close();
  await b.close();
});

test('exceeded() reads a budget without spending it, on memory and on Redis', async () => {
  const limiters: RateLimiter[] = [memoryRateLimiter()];
  if (await redisAvailable()) limiters.push(await redisRateLimiter(REDIS_URL));
  for (const limiter of limiters) {
    const key = `failures:${crypto.randomUUID()}`;
    expect(await limiter.exceeded(key, 2)).toEqual({ exceeded: false, retryAfter: 0 });
    expect(await limiter.exceeded(key, 2)).toEqual({ exceeded: false, retryAfter: 0 });
    await limiter.hit(key, 2, 60);
    expect((await limiter.exceeded(key, 2)).exceeded).toBe(false);
    await limiter.hit(key, 2, 60);
    const full = await limiter.exceeded(key, 2);
    expect(full.exceeded).toBe(true);
    expect(full.retryAfter).toBeGreaterThan(0);
    await limiter.reset(key);
    await limiter.close();
  }
});
