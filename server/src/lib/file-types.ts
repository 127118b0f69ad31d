/**
 * The upload allow-list: a file is accepted by what its first bytes say it is,
 * never by the browser's declared type. Some containers (zip, OLE, plain text)
 * hold several formats; there the extension picks among the allowed ones.
 */

export interface AllowedType {
  /** Canonical extension, without the dot. */
  ext: string;
  mime: string;
  label: string;
  /** Other extensions the same content may carry. */
  aliases?: string[];
}

export const ALLOWED_TYPES: readonly AllowedType[] = [
  { ext: 'pdf', mime: 'application/pdf', label: 'PDF' },
  { ext: 'png', mime: 'image/png', label: 'Imagine PNG' },
  { ext: 'jpg', mime: 'image/jpeg', label: 'Imagine JPEG', aliases: ['jpeg', 'jpe', 'jfif'] },
  { ext: 'gif', mime: 'image/gif', label: 'Imagine GIF' },
  { ext: 'webp', mime: 'image/webp', label: 'Imagine WEBP' },
  { ext: 'tif', mime: 'image/tiff', label: 'Imagine TIFF', aliases: ['tiff'] },
  { ext: 'heic', mime: 'image/heic', label: 'Imagine HEIC', aliases: ['heif'] },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel' },
  {
    ext: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint',
  },
  { ext: 'odt', mime: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text' },
  { ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet', label: 'OpenDocument foaie de calcul' },
  { ext: 'zip', mime: 'application/zip', label: 'Arhivă ZIP' },
  { ext: 'doc', mime: 'application/msword', label: 'Word 97-2003' },
  { ext: 'xls', mime: 'application/vnd.ms-excel', label: 'Excel 97-2003' },
  { ext: 'xml', mime: 'application/xml', label: 'XML' },
  { ext: 'csv', mime: 'text/csv', label: 'CSV' },
  { ext: 'txt', mime: 'text/plain', label: 'Text' },
];

/** How many leading bytes detection looks at. */
export const SNIFF_BYTES = 8192;

/** Every accepted extension (canonical and aliases), for an `accept` attribute and for the UI. */
export const ALLOWED_EXTENSIONS: readonly string[] = ALLOWED_TYPES.flatMap((t) => [t.ext, ...(t.aliases ?? [])]);

/** Types a browser could render as an active document; never served inline or with their own type. */
export const UNSAFE_INLINE_MIMES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
]);

const byExt = (ext: string): AllowedType => ALLOWED_TYPES.find((t) => t.ext === ext) as AllowedType;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

const startsWith = (head: Buffer, bytes: number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

const ascii = (head: Buffer, start: number, end: number): string => head.subarray(start, end).toString('latin1');

type Family = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp' | 'tif' | 'heic' | 'zip' | 'ole' | 'text';

function family(head: Buffer): Family | null {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tif';
  if (ascii(head, 4, 8) === 'ftyp' && /^(heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(head, 8, 12)))
    return 'heic';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (looksLikeText(head)) return 'text';
  return null;
}

/** Text: a UTF-16 BOM, or bytes without NUL and without control characters other than tab, CR, LF, FF, SUB. */
function looksLikeText(head: Buffer): boolean {
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  for (const byte of head) {
    if (byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c || byte === 0x1a) continue;
    return false;
  }
  return true;
}

function textStart(head: Buffer): string {
  let text: string;
  if (startsWith(head, [0xff, 0xfe])) text = head.subarray(2).toString('utf16le');
  else if (startsWith(head, [0xfe, 0xff])) text = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  else text = head.toString('utf8');
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 2048)
    .toLowerCase();
}

/** What a browser might take for a web page or an SVG image: refused whatever the extension. */
function looksLikeMarkupDocument(start: string): boolean {
  // Skip an XML prolog, comments and a non-HTML doctype to reach the first element.
  let rest = start;
  for (;;) {
    const next = rest.replace(/^<\?xml[\s\S]*?\?>\s*/, '').replace(/^<!--[\s\S]*?-->\s*/, '');
    if (next === rest) break;
    rest = next;
  }
  if (/^<!doctype\s+(html|svg)/.test(rest)) return true;
  rest = rest.replace(/^<!doctype[\s\S]*?>\s*/, '');
  return /^<(html|head|body|svg|script|iframe|frameset|object|embed|meta|title|style|a|div|img)[\s>/]/.test(rest);
}

const OLE_EXTS = new Set(['doc', 'xls']);
const ZIP_EXTS = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'zip']);

/**
 * The allowed type of a file from its first bytes (at least SNIFF_BYTES of them,
 * or the whole file when shorter) and its sanitised name; null when refused.
 */
export function detectFileType(head: Buffer, fileName: string): AllowedType | null {
  if (head.length === 0) return null;
  const ext = extensionOf(fileName);
  const kind = family(head);
  switch (kind) {
    case null:
      return null;
    case 'pdf':
    case 'png':
    case 'jpg':
    case 'gif':
    case 'webp':
    case 'tif':
    case 'heic':
      return byExt(kind);
    case 'zip':
      // Office Open XML and OpenDocument files are zip containers; other zip-based formats (apk, jar…) are refused.
      return ZIP_EXTS.has(ext) ? byExt(ext) : null;
    case 'ole':
      // Compound files also carry installers (msi) and mail (msg): only the two Office formats pass.
      return OLE_EXTS.has(ext) ? byExt(ext) : null;
    case 'text': {
      const start = textStart(head);
      if (looksLikeMarkupDocument(start)) return null;
      if (ext === 'xml') return start.startsWith('<') ? byExt('xml') : null;
      if (ext === 'csv') return byExt('csv');
      if (ext === 'txt' || ext === '') return byExt('txt');
      return null;
    }
  }
}

/** Whether `ext` is one of the names the detected type answers to. */
export function extensionMatches(type: AllowedType, ext: string): boolean {
  return type.ext === ext || (type.aliases ?? []).includes(ext);
}
