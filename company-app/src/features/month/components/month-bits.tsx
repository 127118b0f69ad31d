import { Select, countOf, periodTitle, recentPeriods, statusCountsText, type StatusCounts } from '@dosar/shared';

export { periodTitle, StatusBadge } from '@dosar/shared';

const SHORT_MONTHS = ['ian.', 'feb.', 'mar.', 'apr.', 'mai', 'iun.', 'iul.', 'aug.', 'sep.', 'oct.', 'nov.', 'dec.'];

/** '2026-12-05' → '5 dec.' */
export function shortDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${Number(match[3])} ${SHORT_MONTHS[Number(match[2]) - 1] ?? ''}`.trim();
}

/** „Termen: 5 dec. (3 zile)”; late in red: „Termen: 5 dec. (întârziere 2 zile)”. */
export function DueText({ dueDate, daysLeft }: { dueDate: string; daysLeft: number }) {
  let left: string;
  if (daysLeft > 0) left = countOf(daysLeft, 'zi', 'zile');
  else if (daysLeft === 0) left = 'azi';
  else left = `întârziere ${countOf(-daysLeft, 'zi', 'zile')}`;
  return <span className={daysLeft < 0 ? 'month-late' : undefined}>{`Termen: ${shortDate(dueDate)} (${left})`}</span>;
}

/** „3 lipsă · 1 document încărcat · 2 documente acceptate”: the statuses a month has, in the usual order. */
export const countsText = (counts: StatusCounts): string => statusCountsText(counts);

/** Items accepted or not applicable: what needs nothing more. */
export function doneCount(counts: StatusCounts): number {
  return counts.accepted + counts.not_applicable;
}

export interface MonthPickerProps {
  id: string;
  value: string;
  onChange: (period: string) => void;
  label?: string;
}

/** This month and the 24 before it. */
export function MonthPicker({ id, value, onChange, label = 'Luna' }: MonthPickerProps) {
  const periods = recentPeriods(24);
  const options = (periods.includes(value) ? periods : [value, ...periods]).map((p) => ({
    value: p,
    label: periodTitle(p),
  }));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Select inputId={id} aria-label={label} options={options} value={value} onChange={(v) => onChange(String(v))} />
    </div>
  );
}
