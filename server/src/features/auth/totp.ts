import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../infra/tokens.js';

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s) through `otpauth`, the codes every
 * authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) shows; recovery codes.
 */

export const ISSUER = 'Dosar';
const PERIOD = 30;

const totpOf = (secret: string, label = ''): TOTP =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });

/** A new random secret (160 bits, base32), as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What the set-up screen shows: the secret, its otpauth:// address and that address as a QR code (SVG). */
export async function enrolment(
  secret: string,
  email: string,
): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
  const url = totpOf(secret, email).toString();
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/**
 * The time step of `code` when it is the code of the current step or of the one before or after (a
 * phone's clock may be a little off); null otherwise. The caller refuses a step already used.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper reads one way only.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9q4r` (about 50 bits each), each usable once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of it without case, spaces or dashes. */
export const recoveryCodeHash = (code: string): string => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
