import { romanianDateTime } from '../../lib/ro-calendar.js';

/** The payments export's values (lib/csv.ts writes the cells): decimal comma, Romanian local time. */

/** 4900 bani → "49,00". */
export const csvAmount = (bani: number): string => (bani / 100).toFixed(2).replace('.', ',');

/** A date as Romanian local time, "2026-11-22 14:05". */
export function csvDate(date: Date | string | null): string {
  return date === null ? '' : romanianDateTime(date, false);
}
