import { asciiFallback, contentDisposition } from '../../lib/content-disposition.js';
import { detectFileType } from '../../lib/file-types.js';
import { tinyPdf } from '../../seed.js';
import { zipEntryPaths, zipSegment } from './download.js';
import { sanitizeFileName, withTypeExtension } from './file-name.js';
import { parsePeriod, parseUploadFields } from './upload-fields.js';

const bytes = (...values: (number | string)[]): Buffer =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, '\x14\x00\x00\x00rest of a zip');
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, '\x00\x00');

describe('detectFileType (magic bytes, extension only inside a container)', () => {
  test.each([
    ['a PDF', tinyPdf('x'), 'x.pdf', 'application/pdf'],
    ['a PDF with any name', tinyPdf('x'), 'x.jpg', 'application/pdf'],
    ['a PNG', bytes(0x89, 'PNG\r\n\x1a\n', 0), 'a.png', 'image/png'],
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'), 'a.jpeg', 'image/jpeg'],
    ['a GIF', bytes('GIF89a...'), 'a.gif', 'image/gif'],
    ['a WEBP', bytes('RIFF\x10\x00\x00\x00WEBPVP8 '), 'a.webp', 'image/webp'],
    ['a TIFF (little endian)', bytes('II*\x00\x08\x00'), 'a.tif', 'image/tiff'],
    ['a TIFF (big endian)', bytes('MM\x00*\x00\x08'), 'a.tiff', 'image/tiff'],
    ['a HEIC', bytes('\x00\x00\x00\x18ftypheic\x00\x00'), 'a.heic', 'image/heic'],
    ['a DOCX', ZIP, 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an XLSX', ZIP, 'a.XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a PPTX', ZIP, 'a.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['an ODT', ZIP, 'a.odt', 'application/vnd.oasis.opendocument.text'],
    ['an ODS', ZIP, 'a.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['a ZIP', ZIP, 'a.zip', 'application/zip'],
    ['a DOC', OLE, 'a.doc', 'application/msword'],
    ['an XLS', OLE, 'a.xls', 'application/vnd.ms-excel'],
    [
      'an e-Factura XML',
      Buffer.from('\ufeff<?xml version="1.0"?><Invoice xmlns="urn:x"></Invoice>'),
      'f.xml',
      'application/xml',
    ],
    ['a CSV in UTF-8', Buffer.from('denumire;sumă\nș;1\n'), 'a.csv', 'text/csv'],
    ['a CSV in Windows-1250', bytes('denumire;sum', 0xe3, '\r\n'), 'a.csv', 'text/csv'],
    ['a UTF-16 text', Buffer.concat([bytes(0xff, 0xfe), Buffer.from('text', 'utf16le')]), 'a.txt', 'text/plain'],
    ['a text without extension', Buffer.from('hello'), 'README', 'text/plain'],
  ])('%s is accepted', (_label, head, name, mime) => {
    expect(detectFileType(head, name)?.mime).toBe(mime);
  });

  test.each([
    ['a Windows executable', bytes('MZ\x90\x00\x03'), 'a.pdf'],
    ['an ELF binary', bytes(0x7f, 'ELF\x02\x01'), 'a.pdf'],
    ['HTML named .pdf', Buffer.from('<html><body>x</body></html>'), 'a.pdf'],
    ['HTML named .txt', Buffer.from('  <!DOCTYPE html><p>x'), 'a.txt'],
    ['HTML named .csv', Buffer.from('<script>alert(1)</script>'), 'a.csv'],
    [
      'SVG named .xml',
      Buffer.from('<?xml version="1.0"?>\n<!-- c -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.xml',
    ],
    ['XHTML named .xml', Buffer.from('<?xml version="1.0"?><!DOCTYPE html><html/>'), 'a.xml'],
    ['an XML without markup', Buffer.from('just text'), 'a.xml'],
    ['a JavaScript file', Buffer.from('alert(1)'), 'a.js'],
    ['an HTML file', Buffer.from('hello'), 'a.html'],
    ['an SVG file', Buffer.from('<svg/>'), 'a.svg'],
    ['a jar (zip)', ZIP, 'a.jar'],
    ['an apk (zip)', ZIP, 'a.apk'],
    ['a zip without extension', ZIP, 'arhiva'],
    ['an msi (OLE)', OLE, 'a.msi'],
    ['binary noise', bytes(0x00, 0x01, 0x02, 0x03), 'a.pdf'],
    ['an empty file', Buffer.alloc(0), 'a.txt'],
  ])('%s is refused', (_label, head, name) => {
    expect(detectFileType(head, name)).toBeNull();
  });
});

describe('sanitizeFileName', () => {
  test.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\x\\Desktop\\factură.pdf', 'factură.pdf'],
    ['a\u0000b\u0001c.pdf', 'abc.pdf'],
    ['factura\u202Efdp.exe', 'facturafdp.exe'],
    ['\u2067x\u2069\u200B.pdf', 'x.pdf'],
    ['  spații   multiple  .pdf ', 'spații multiple .pdf'],
    ['...', ''],
    ['..', ''],
    ['.bashrc', 'bashrc'],
    ['a:b*c?.txt', 'a_b_c_.txt'],
    ['s\u0326', 'ș'], // decomposed ș becomes the composed letter (NFC)
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  test('long names are cut to 200 characters keeping the extension', () => {
    const name = sanitizeFileName(`${'ț'.repeat(500)}.xlsx`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('ț.xlsx')).toBe(true);
    const noExtension = sanitizeFileName('x'.repeat(500));
    expect(noExtension).toHaveLength(200);
  });

  test('withTypeExtension adds the detected extension when missing or foreign', () => {
    const pdf = detectFileType(tinyPdf('x'), 'x') as NonNullable<ReturnType<typeof detectFileType>>;
    expect(withTypeExtension('passwd', pdf)).toBe('passwd.pdf');
    expect(withTypeExtension('factura.exe', pdf)).toBe('factura.exe.pdf');
    expect(withTypeExtension('factura.PDF', pdf)).toBe('factura.PDF');
    expect(withTypeExtension('', pdf)).toBe('fisier.pdf');
    expect(Array.from(withTypeExtension('y'.repeat(200), pdf))).toHaveLength(200);
  });
});

describe('Content-Disposition (RFC 6266 / 8187)', () => {
  test('an ASCII fallback and the UTF-8 name with Romanian diacritics', () => {
    expect(contentDisposition('Factură ianuarie ș ț Ă Î Â.pdf')).toBe(
      'attachment; filename="Factura ianuarie s t A I A.pdf"; filename*=UTF-8\'\'Factur%C4%83%20ianuarie%20%C8%99%20%C8%9B%20%C4%82%20%C3%8E%20%C3%82.pdf',
    );
  });

  test('quotes, backslashes, percent signs and control characters cannot break the header', () => {
    const header = contentDisposition('a"b\\c%d\r\ne;f\'g(h)*.pdf');
    expect(header).toBe(
      "attachment; filename=\"a_b_c_de;f'g(h)*.pdf\"; filename*=UTF-8''a%22b%5Cc%25de%3Bf%27g%28h%29%2A.pdf",
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  test('non-Latin names fall back to underscores', () => {
    expect(asciiFallback('счёт.pdf')).toBe('____.pdf');
    expect(contentDisposition('')).toContain('filename="fisier"');
  });
});

describe('zip entry paths', () => {
  const row = (category: string | null, period: string | null, name: string) => ({
    category_name: category,
    period,
    original_name: name,
    mime: 'application/pdf',
    size: 1,
    storage_key: 'k',
    created_at: new Date(),
  });

  test('category/YYYY-MM/name, duplicates numbered case-insensitively, separators neutralised', () => {
    expect(
      zipEntryPaths([
        row('Facturi', '2026-01', 'a.pdf'),
        row('Facturi', '2026-01', 'A.pdf'),
        row('Facturi', '2026-01', 'a.pdf'),
        row('Facturi', '2026-02', 'a.pdf'),
        row(null, null, 'fără.pdf'),
        row('Intrări/Ieșiri', '2026-01', '..'),
        row('Facturi', '2026-01', 'arhiva'),
        row('Facturi', '2026-01', 'arhiva'),
      ]),
    ).toEqual([
      'Facturi/2026-01/a.pdf',
      'Facturi/2026-01/A (2).pdf',
      'Facturi/2026-01/a (3).pdf',
      'Facturi/2026-02/a.pdf',
      'Fără categorie/Fără lună/fără.pdf',
      'Intrări-Ieșiri/2026-01/_',
      'Facturi/2026-01/arhiva',
      'Facturi/2026-01/arhiva (2)',
    ]);
    expect(zipSegment('  ')).toBe('_');
  });

  test('names every OS extracts as shown: no drive letters, device names, trailing dots or `..` in disguise', () => {
    const cases: [string, string][] = [
      ['A: Avize', 'A- Avize'],
      ['C:\\Windows', 'C--Windows'],
      ['.. .', '_'],
      ['. . ', '_'],
      ['...', '_'],
      ['factura. ', 'factura'],
      ['CON.pdf', '_CON.pdf'],
      ['con', '_con'],
      ['LPT1.txt', '_LPT1.txt'],
      ['console.pdf', 'console.pdf'],
      ['a<b>c?"d"|e*.pdf', 'a-b-c--d--e-.pdf'],
      ['  raport.pdf', 'raport.pdf'],
    ];
    for (const [raw, safe] of cases) expect([raw, zipSegment(raw)]).toEqual([raw, safe]);
    expect(zipEntryPaths([row('A: Avize', '2026-01', 'CON.pdf'), row('.. .', null, '.. .')])).toEqual([
      'A- Avize/2026-01/_CON.pdf',
      '_/Fără lună/_',
    ]);
  });
});

describe('upload fields', () => {
  test('period YYYY-MM between 2000 and next year', () => {
    expect(parsePeriod('2026-01')).toBe('2026-01');
    expect(parsePeriod(' 2026-12 ')).toBe('2026-12');
    for (const bad of ['2026-00', '2026-13', '1999-12', '3000-01', '2026-1', '202601', ''])
      expect(parsePeriod(bad)).toBeNull();
  });

  test('category_id digits or empty; period defaults to the current month', () => {
    expect(parseUploadFields({ category_id: '12', period: '2026-03' })).toEqual({
      categoryId: 12,
      period: '2026-03',
      itemId: null,
    });
    expect(parseUploadFields({ item_id: '7' }).itemId).toBe(7);
    expect(parseUploadFields({ category_id: '' }).categoryId).toBeNull();
    expect(parseUploadFields({}).period).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    expect(() => parseUploadFields({ category_id: '1; drop table media' })).toThrow();
    expect(() => parseUploadFields({ category_id: '0' })).toThrow();
    expect(() => parseUploadFields({ period: 'luna trecută' })).toThrow();
  });
});
