const KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** The digits the server checks: spaces and an optional "RO" prefix dropped ("ro 1234 5674" → "12345674"). */
export function normalizeCui(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '').replace(/^RO/, '');
}

/**
 * Romanian fiscal code (CUI/CIF), optional RO prefix, checked with the control digit.
 * Mirrors server/src/lib/cui.ts: the server decides, this only spares a round trip.
 */
export function isValidCui(input: string): boolean {
  const cui = input
    .trim()
    .toUpperCase()
    .replace(/^RO\s*/, '');
  if (!/^\d{2,10}$/.test(cui)) return false;
  const digits = cui.split('').map(Number);
  const control = digits.pop() as number;
  const padded = (Array(9 - digits.length).fill(0) as number[]).concat(digits);
  const sum = padded.reduce((acc, d, i) => acc + d * KEY[i], 0);
  return ((sum * 10) % 11) % 10 === control;
}
