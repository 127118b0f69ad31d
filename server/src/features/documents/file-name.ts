import { extensionMatches, extensionOf, type AllowedType } from '../../lib/file-types.js';

export const MAX_FILE_NAME_LENGTH = 200;

// C0/C1 controls and NUL; bidirectional overrides/isolates and marks (they disguise `exe.pdf` as `fdp.exe`);
// zero-width characters and the BOM.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// Reserved on Windows or meaningful to shells; replaced so a downloaded name saves everywhere.
const RESERVED = /[<>:"|?*]/g;

/**
 * A display name safe to store and to send back: the last path segment only,
 * without control or direction characters, at most 200 characters with its
 * extension kept. Diacritics stay (NFC).
 */
export function sanitizeFileName(raw: string, maxLength = MAX_FILE_NAME_LENGTH): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (!name) return '';
  const chars = Array.from(name);
  if (chars.length > maxLength) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
    // An "extension" longer than 20 characters is not one: cut the whole name.
    const keep = ext.length > 0 && ext.length <= 20 ? ext : [];
    name =
      chars
        .slice(0, maxLength - keep.length)
        .join('')
        .trimEnd() + keep.join('');
  }
  return name;
}

/**
 * The name with an extension the detected type answers to: kept when it
 * already has one (`scan.jpeg` for a JPEG), else the canonical one appended
 * (`passwd` → `passwd.pdf`, `factura.exe` holding a PDF → `factura.exe.pdf`),
 * still within maxLength.
 */
export function withTypeExtension(name: string, type: AllowedType, maxLength = MAX_FILE_NAME_LENGTH): string {
  const base = name || 'fisier';
  if (extensionMatches(type, extensionOf(base))) return base;
  const room = maxLength - type.ext.length - 1;
  return `${Array.from(base).slice(0, room).join('').trimEnd()}.${type.ext}`;
}
