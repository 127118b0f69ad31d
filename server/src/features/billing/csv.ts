import { romanianDateTime } from '../../lib/ro-calendar.js';
/** CSV for Excel with a Romanian locale: `;` separator, decimal comma, CRLF rows, UTF-8 with BOM. */

export const CSV_BOM = '\uFEFF';

/** One cell: quoted when it holds `;`, `"` or a line break; a leading = + - @ is defused (formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[;"\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export const csvRow = (cells: (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(';')}\r\n`;

/** 4900 bani → "49,00". */
export const csvAmount = (bani: number): string => (bani / 100).toFixed(2).replace('.', ',');

/** A date as Romanian local time, "2026-11-22 14:05". */
export function csvDate(date: Date | string | null): string {
  return date === null ? '' : romanianDateTime(date, false);
}
