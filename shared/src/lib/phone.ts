/**
 * A phone number a Romanian firm would write: a mobile (07xx xxx xxx), a landline (021 xxx xxxx,
 * 0264 xxx xxx, 03xx…) or a 0800 number, with 0, +40 or 0040 in front; or a foreign number in
 * international form (+ or 00, country code, at most 15 digits). Spaces, dots, dashes, slashes
 * and parentheses between the digits are allowed; letters and a + anywhere but in front are not.
 * The server checks the same rule again (server/src/lib/phone.ts) and has the last word.
 */
export function isValidPhone(input: string): boolean {
  const written = input.trim();
  if (written.length > 30 || !/^\+?[0-9 ().\-/]+$/.test(written)) return false;
  const digits = written.replace(/[ ().\-/]/g, '');
  const national = /^(?:\+40|0040|0)([2378]\d{8})$/.exec(digits);
  if (national) return true;
  if (/^(?:\+40|0040)/.test(digits)) return false;
  return /^(?:\+|00)[1-9]\d{6,14}$/.test(digits);
}

/** What a form says of a phone number isValidPhone refuses (the server's 422 says the same). */
export const PHONE_INVALID =
  'Numărul de telefon nu este valid. Scrie-l ca 07xx xxx xxx, 02xx xxx xxx sau +40 7xx xxx xxx.';
