/**
 * Reads a CSV as a spreadsheet would with the separator it is told (RFC 4180): a quote opens a quoted
 * cell only at the cell's start, `""` inside is one quote, a quote elsewhere is text, and a line break
 * outside quotes ends the row. Lenient like the spreadsheets: text after a closing quote joins the cell.
 */
export function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let started = false;
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
    started = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && !started) {
      quoted = true;
      started = true;
    } else if (c === separator) endCell();
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else {
      cell += c;
      started = true;
    }
  }
  if (started || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** Whether a spreadsheet would take the cell as a formula. */
export const startsLikeFormula = (cell: string): boolean => /^[=+\-@\t\r]/.test(cell);
