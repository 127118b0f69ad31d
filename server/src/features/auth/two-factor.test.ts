import { Secret, TOTP } from 'otpauth';
import { deviceLabel } from './devices.js';
import { matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.js';

test('a code is accepted for its own step and the ones next to it, and tells which step it was', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 25, 10, 0, 15);
  const step = Math.floor(now / 30_000);
  const code = (offset: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
  expect(matchingStep(secret, code(0), now)).toBe(step);
  expect(matchingStep(secret, code(-1), now)).toBe(step - 1);
  expect(matchingStep(secret, code(1), now)).toBe(step + 1);
  expect(matchingStep(secret, code(2), now)).toBeNull();
  expect(matchingStep(secret, code(-2), now)).toBeNull();
  for (const bad of ['', '12345', '1234567', 'abcdef', ` ${code(0)}`])
    expect(matchingStep(secret, bad, now)).toBeNull();
});

test('recovery codes: ten different ones, read the same with any case, spaces or dashes', () => {
  const codes = newRecoveryCodes();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const [code] = codes;
  expect(recoveryCodeHash(code.toUpperCase())).toBe(recoveryCodeHash(code));
  expect(recoveryCodeHash(code.replace('-', ' '))).toBe(recoveryCodeHash(code));
  expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
  expect(recoveryCodeHash(codes[1])).not.toBe(recoveryCodeHash(code));
});

test.each([
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome pe Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Edge pe Windows',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Safari pe macOS',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox pe Linux'],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Chrome pe Android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Safari pe iOS',
  ],
  ['curl/8.5.0', 'Dispozitiv necunoscut'],
  ['', 'Dispozitiv necunoscut'],
  [null, 'Dispozitiv necunoscut'],
])('device label of %p: %s', (userAgent, label) => {
  expect(deviceLabel(userAgent)).toBe(label);
});
