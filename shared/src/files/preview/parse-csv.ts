/** The separator of a CSV from its first line: `;` (Romanian Excel), `,` or tab, whichever occurs most. */
function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((s) => [s, first.split(s).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best), counts[0])[0];
}

/**
 * Rows of a CSV (RFC 4180 quoting: `"a;b"`, `""` for a quote inside). `cut`: the text stops mid-file,
 * so its last line may be partial and is dropped.
 */
export function parseCsv(text: string, cut = false): string[][] {
  const sep = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (!cut && (cell !== '' || row.length > 0)) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
