/**
 * Amounts as exact decimal strings: an invoice's money is never put through a float. `money` answers two
 * decimals (rounded half away from zero, as CIUS-RO rounds), `plain` a decimal as written without
 * trailing zeros (quantities, unit prices, VAT rates).
 */

const DECIMAL = /^([+-]?)(\d{1,20})(?:\.(\d{1,20}))?$/;

/** A decimal string with exactly two decimals ("-12.50"), or null when `value` is no decimal. */
export function money(value: string | null): string | null {
  if (value === null) return null;
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (Number((fraction + '000')[2]) >= 5) cents += 1n;
  return centsToString(sign === '-' ? -cents : cents);
}

/** Cents (a bigint) as "12.50" / "-0.05". */
export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

/** money's value in cents, for sums and signs. */
export function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole, fraction] = value.replace(/^[+-]/, '').split('.');
  const abs = BigInt(whole) * 100n + BigInt(fraction ?? '0');
  return negative ? -abs : abs;
}

/** A decimal as written, normalised: no sign for positives, no leading or trailing zeros ("21.00" → "21"). */
export function plain(value: string | null): string | null {
  if (value === null) return null;
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const text = decimals ? `${integer}.${decimals}` : integer;
  return sign === '-' && /[1-9]/.test(text) ? `-${text}` : text;
}
