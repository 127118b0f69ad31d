const KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** Strips spaces and an optional "RO" prefix: "ro 123" → "123". */
export function normalizeCui(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '').replace(/^RO/, '');
}

/**
 * Romanian fiscal code (CUI/CIF): 2 to 10 digits, the last one a control digit
 * computed with the key 753217532 (the same rule the server applies).
 */
export function isValidCui(input: string): boolean {
  const cui = normalizeCui(input);
  if (!/^\d{2,10}$/.test(cui)) return false;
  const digits = cui.split('').map(Number);
  const control = digits.pop() as number;
  const padded = Array<number>(9 - digits.length)
    .fill(0)
    .concat(digits);
  const sum = padded.reduce((acc, digit, i) => acc + digit * KEY[i], 0);
  return ((sum * 10) % 11) % 10 === control;
}
