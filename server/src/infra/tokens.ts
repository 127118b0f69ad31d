import crypto from 'node:crypto';

// Random bytes are drawn from the CSPRNG 4 KB at a time and handed out once each (as randomUUID does).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** A random secret (default 256 bits), URL-safe. */
export function randomSecret(bytes = 32): string {
  if (bytes > pool.length) return crypto.randomBytes(bytes).toString('base64url');
  if (poolOffset + bytes > pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const secret = pool.toString('base64url', poolOffset, poolOffset + bytes);
  // Each byte is used once: zeroed, so nothing handed out stays readable in the pool.
  pool.fill(0, poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return secret;
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
