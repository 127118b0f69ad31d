import { readCsv, startsLikeFormula } from '../../test/csv-reader.js';
import { csvCell, csvRow } from './csv.js';

// What a spreadsheet shows of an export's cells, opened with `;` (Romanian Excel) or with `,`.
const HOSTILE = [
  'Mozilla/5.0,=2+5',
  'Mozilla/5.0;=2+5',
  '=HYPERLINK("http://rău.example","click")',
  '+40 721 000 000',
  '-1',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  'Notă "importantă"\r\n=1+1',
  'rând 1\n-2+3',
  'a,"=1+1"',
  'a,b;c\td',
  'Ana, Ion; Maria',
];

test('read with ";": each value is one cell, as written but for a leading apostrophe where it starts like a formula', () => {
  const text = HOSTILE.map((value) => csvRow(['înainte', value, 'după'])).join('');
  const rows = readCsv(text, ';');
  expect(rows).toHaveLength(HOSTILE.length);
  rows.forEach((row, i) => {
    expect(row).toHaveLength(3);
    expect([row[0], row[2]]).toEqual(['înainte', 'după']);
    expect(startsLikeFormula(row[1])).toBe(false);
    // Nothing lost: the value is there, only apostrophes added before what would start a formula.
    expect(row[1].replace(/'(?=[=+\-@\t\r"])/g, '')).toBe(HOSTILE[i]);
  });
});

test('read with ",": whatever the reader takes for a cell never starts like a formula', () => {
  const text = HOSTILE.map((value) => csvRow(['înainte', value, 'după'])).join('');
  const cells = readCsv(text, ',').flat();
  expect(cells.filter(startsLikeFormula)).toEqual([]);
  expect(cells.some((cell) => cell.includes('=2+5'))).toBe(true);
});

test('RFC 4180: a cell with a separator, quote or line break is quoted, quotes doubled; plain cells are not', () => {
  expect(csvCell('Mozilla/5.0,=2+5')).toBe(`"Mozilla/5.0,'=2+5"`);
  expect(csvCell('Start; "special"')).toBe('"Start; ""special"""');
  expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  expect(csvCell('=1+1')).toBe("'=1+1");
  expect(csvCell('Firefox 128')).toBe('Firefox 128');
  expect(csvCell(-5)).toBe('-5');
  expect(csvCell(null)).toBe('');
  expect(csvRow(['a', 1, null, 'b'])).toBe('a;1;;b\r\n');
});
