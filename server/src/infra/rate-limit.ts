/** Fixed-window counters; memory by default, Redis when REDIS_URL is set (shared by every instance). */
export interface RateLimiter {
  /** Counts one hit on key; answers whether it is within limit and seconds until the window resets. */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }>;
  /** Whether key has used up limit in its current window (counts nothing); retryAfter when it has. */
  exceeded(key: string, limit: number): Promise<{ exceeded: boolean; retryAfter: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= t) {
        entry = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, entry);
      }
      entry.count += 1;
      if (windows.size > 100_000) {
        for (const [k, e] of windows) if (e.resetAt <= t) windows.delete(k);
      }
      return { allowed: entry.count <= limit, retryAfter: Math.max(1, Math.ceil((entry.resetAt - t) / 1000)) };
    },
    async exceeded(key, limit) {
      const t = now();
      const entry = windows.get(key);
      if (!entry || entry.resetAt <= t || entry.count < limit) return { exceeded: false, retryAfter: 0 };
      return { exceeded: true, retryAfter: Math.max(1, Math.ceil((entry.resetAt - t) / 1000)) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export async function redisRateLimiter(url: string): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return {
    async hit(key, limit, windowSeconds) {
      const k = `dosar:rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).ttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.expire(k, windowSeconds);
      return { allowed: count <= limit, retryAfter: ttl > 0 ? ttl : windowSeconds };
    },
    async exceeded(key, limit) {
      const k = `dosar:rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().get(k).ttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      const used = Number(count ?? 0);
      return used >= limit ? { exceeded: true, retryAfter: ttl > 0 ? ttl : 1 } : { exceeded: false, retryAfter: 0 };
    },
    async reset(key) {
      await redis.del(`dosar:rl:${key}`);
    },
    async close() {
      await redis.quit();
    },
  };
}
