/**
 * The one CSV writer of every export: Excel with a Romanian locale (`;` separator, CRLF rows, UTF-8 with
 * a BOM), and still safe when the file is opened with another separator.
 *
 * - A cell holding `;`, `,`, a tab, a quote, CR or LF is quoted, quotes doubled (RFC 4180).
 * - A text cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, so no spreadsheet runs
 *   it as a formula.
 * - A reader splitting on `,` (or tabs) does not see our quotes — it starts a new cell after every comma
 *   and a new row after every line break inside a cell — so whatever follows a `,`, `;`, tab or line
 *   break inside a cell is defused the same way when it starts like a formula (or with a quote, which
 *   such a reader would take as the start of a quoted cell and drop).
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_BREAK = /([,;\t\r\n])(?=[=+\-@"])/g;
const NEEDS_QUOTES = /[;,\t"\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    if (FORMULA_START.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_BREAK, "$1'");
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, CRLF-terminated. */
export const csvRow = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
