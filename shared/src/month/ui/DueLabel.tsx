import { daysLeftText, formatDay } from './format';

export interface DueLabelProps {
  /** YYYY-MM-DD */
  dueDate: string;
  /** Negative when late (docs/api/month.md). */
  daysLeft: number;
  /** The month needs nothing more (complete or closed): only the date, no countdown. */
  settled?: boolean;
}

/** „Termen: 5 decembrie 2026 · 3 zile rămase”, or „… · Întârziere de 2 zile” in the danger colour. */
export function DueLabel({ dueDate, daysLeft, settled = false }: DueLabelProps) {
  const tone = settled ? '' : daysLeft < 0 ? ' month-due-late' : daysLeft <= 3 ? ' month-due-soon' : '';
  return (
    <span className={`month-due${tone}`}>
      Termen: <time dateTime={dueDate}>{formatDay(dueDate)}</time>
      {settled ? null : <> · {daysLeftText(daysLeft)}</>}
    </span>
  );
}
