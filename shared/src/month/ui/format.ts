import { formatPeriod } from '../../lib/months';
import { countOf } from '../../lib/plural';

/** '2026-11' → 'Noiembrie 2026' (a month as a title or at the start of a sentence). */
export function periodTitle(period: string): string {
  const text = formatPeriod(period);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '2026-12-05' → '5 decembrie 2026'; anything else is returned as is. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return `${Number(match[3])} ${formatPeriod(`${match[1]}-${match[2]}`)}`;
}

/**
 * What is left until the due date (docs/api/month.md: `days_left`, negative when late):
 * „3 zile rămase”, „1 zi rămasă”, „Ultima zi”, „Întârziere de 2 zile”, „Întârziere de 20 de zile”.
 */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Ultima zi';
  if (daysLeft > 0) return countOf(daysLeft, 'zi rămasă', 'zile rămase');
  return `Întârziere de ${countOf(-daysLeft, 'zi', 'zile')}`;
}
