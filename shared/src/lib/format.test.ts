import { filenameFromDisposition } from './download';
import { formatBytes, formatDate } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1,5 KB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 * 1024 * 1024, '5,3 GB'],
    [-1, '—'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('formatDate', () => {
  it('writes day.month.year, optionally with the time', () => {
    const date = new Date(2026, 10, 2, 9, 5);
    expect(formatDate(date)).toBe('02.11.2026');
    expect(formatDate(date, { time: true })).toBe('02.11.2026 09:05');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('filenameFromDisposition', () => {
  it('prefers the RFC 5987 name, then the quoted one', () => {
    expect(filenameFromDisposition('attachment; filename="a.zip"; filename*=UTF-8\'\'Dosar%20%C8%9Aar%C4%83.zip')).toBe(
      'Dosar Țară.zip',
    );
    expect(filenameFromDisposition('attachment; filename="factura 1.pdf"')).toBe('factura 1.pdf');
    expect(filenameFromDisposition('attachment; filename=raport.xlsx')).toBe('raport.xlsx');
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
