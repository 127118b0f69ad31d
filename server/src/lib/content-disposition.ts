/**
 * Content-Disposition per RFC 6266: a quoted ASCII fallback for old clients and
 * `filename*` (RFC 8187, UTF-8) that keeps the real name, Romanian diacritics included.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const name = fileName.replace(/[\u0000-\u001f\u007f]/g, '') || 'fisier';
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** `ș` → `s`, `Ă` → `A`…; anything left outside printable ASCII, and `"` `\` `%`, become `_`. */
export function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
}

/** Percent-encodes everything outside RFC 8187's attr-char. */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
