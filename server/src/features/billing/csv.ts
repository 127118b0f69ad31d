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

const LOCAL_MINUTE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A date as Romanian local time, "2026-11-22 14:05". */
export function csvDate(date: Date | string | null): string {
  if (date === null) return '';
  const parts = LOCAL_MINUTE.formatToParts(new Date(date));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
