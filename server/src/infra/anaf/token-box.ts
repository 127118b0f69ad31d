import crypto from 'node:crypto';

/**
 * The firms' SPV tokens at rest: AES-256-GCM under a key derived from ANAF_TOKEN_KEY, so a copy of the
 * database alone opens no firm's SPV. `v1:` + base64(iv | tag | ciphertext).
 */
const keyOf = (secret: string) => crypto.createHash('sha256').update(`dosar-spv-tokens:${secret}`).digest();

export function sealToken(secret: string, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The token, or null when it was sealed under another key (the key changed: authorise again). */
export function openToken(secret: string, sealed: string): string | null {
  if (!sealed.startsWith('v1:')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
