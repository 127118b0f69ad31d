/** Romanian IBANs: `RO` + 22 characters (2 check digits, 4 letters of the bank, 16 of the account), mod-97 checked. */

/** Upper case without spaces. */
export const normalizeIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** Whether `value` (normalised) is a Romanian IBAN with a valid checksum (ISO 13616: mod 97 = 1). */
export function isValidRoIban(value: string): boolean {
  if (!/^RO[0-9]{2}[A-Z]{4}[0-9A-Z]{16}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const digits = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}
