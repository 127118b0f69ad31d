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

const SHORT = ['ian.', 'feb.', 'mar.', 'apr.', 'mai', 'iun.', 'iul.', 'aug.', 'sep.', 'oct.', 'nov.', 'dec.'];

function parsePeriod(period: string | null | undefined): { year: string; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(period ?? '');
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: match[1], month } : null;
}

/** '2026-03' → 'martie 2026'; null → 'Fără lună'; anything else is returned as is. */
export function formatPeriod(period: string | null | undefined): string {
  if (!period) return 'Fără lună';
  const parsed = parsePeriod(period);
  return parsed ? `${MONTHS[parsed.month - 1]} ${parsed.year}` : period;
}

/** '2026-03' → 'mar. 2026' (table headers). */
export function formatPeriodShort(period: string): string {
  const parsed = parsePeriod(period);
  return parsed ? `${SHORT[parsed.month - 1]} ${parsed.year}` : period;
}

/** The month `offset` months from now, as YYYY-MM (local time). */
export function periodFromNow(offset = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** This month and the `count` before it, newest first (the months a batch can go to; never a future one). */
export function recentPeriods(count = 24, now = new Date()): string[] {
  return Array.from({ length: count + 1 }, (_, i) => periodFromNow(-i, now));
}
