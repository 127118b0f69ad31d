const MONTHS = [
  'ianuarie',
  'februarie',
  'martie',
  'aprilie',
  'mai',
  'iunie',
  'iulie',
  'august',
  'septembrie',
  'octombrie',
  'noiembrie',
  'decembrie',
];

/** '2026-03' → 'martie 2026'; anything else is returned as is. */
export function formatPeriod(period: string | null | undefined): string {
  if (!period) return 'Fără lună';
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${match[1]}` : period;
}

/** The month `offset` months from now, as YYYY-MM (local time). */
export function periodFromNow(offset = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** Next month, this month and the `count` before it, newest first (the months a batch goes to). */
export function recentPeriods(count = 24, now = new Date()): string[] {
  return Array.from({ length: count + 2 }, (_, i) => periodFromNow(1 - i, now));
}
