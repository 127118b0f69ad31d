// Time-based one-time codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) for the browser
// tests of two-factor sign-in, with node:crypto only: the tests compute what the phone app would.
import crypto from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 'JBSW Y3DP…' (spaces, lower case, padding allowed) → the secret's bytes. */
export function base32Decode(text) {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The time step a moment falls in. */
export const totpCounter = (ms = Date.now()) => Math.floor(ms / 1000 / STEP_SECONDS);

/** The 6-digit code of `secret` (base32) for a time step (RFC 4226 dynamic truncation). */
export function totp(secret, counter = totpCounter()) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = crypto.createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code of a time step no earlier code was taken from (a server refuses a code used twice):
 * waits for the next step when the current one was used already. `used` is a Set of steps.
 */
export async function freshTotp(secret, used) {
  for (;;) {
    const counter = totpCounter();
    if (![...used].some((step) => step >= counter)) {
      used.add(counter);
      return totp(secret, counter);
    }
    await sleep((counter + 1) * STEP_SECONDS * 1000 - Date.now() + 200);
  }
}
