const KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** Romanian fiscal code (CUI/CIF), optional RO prefix, checked with the control digit. */
export function isValidCui(input: string): boolean {
  const cui = input
    .trim()
    .toUpperCase()
    .replace(/^RO\s*/, '');
  if (!/^\d{2,10}$/.test(cui)) return false;
  const digits = cui.split('').map(Number);
  const control = digits.pop() as number;
  const padded = Array(9 - digits.length)
    .fill(0)
    .concat(digits) as number[];
  const sum = padded.reduce((acc, d, i) => acc + d * KEY[i], 0);
  const expected = ((sum * 10) % 11) % 10;
  return expected === control;
}

export function normalizeCui(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}
