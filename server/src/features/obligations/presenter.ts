import { toIso } from '../../lib/paging.js';
import { periodLabel, type Owed } from './calendar.js';
import type { FilingRow } from './repository.js';

export type ObligationStatus = 'due' | 'late' | 'filed';

/** An obligation as both doors show it: filed (with its receipt), late (past its due date) or due. */
export function presentObligation(owed: Owed, filing: FilingRow | undefined, today: string) {
  const status: ObligationStatus = filing ? 'filed' : today > owed.due_date ? 'late' : 'due';
  return {
    code: owed.code,
    name: owed.name,
    period: owed.period,
    period_label: periodLabel(owed.period, owed.frequency),
    frequency: owed.frequency,
    due_date: owed.due_date,
    status,
    note: owed.note,
    filed_at: filing ? toIso(filing.filed_at) : null,
    filed_by: filing?.filed_by ?? null,
    receipt:
      filing && filing.media_id !== null && filing.receipt_name !== null
        ? { id: filing.media_id, name: filing.receipt_name }
        : null,
  };
}

export type PresentedObligation = ReturnType<typeof presentObligation>;

/** The key of a client's filing in a map: `${clientId}|${code}|${period}`. */
export const filingKey = (clientId: number, code: string, period: string): string => `${clientId}|${code}|${period}`;
