/**
 * One HTTP `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14).
 *
 * - no header → `{ kind: 'full' }` (200, the whole file);
 * - one range `a-b`, `a-` or `-n` that overlaps the file → `{ kind: 'partial', start, end }`
 *   (inclusive bounds, `end` clipped to the last byte) → 206;
 * - several ranges (`a-b,c-d`) → `{ kind: 'full' }`: RFC 9110 lets a server ignore Range, and a
 *   multipart/byteranges answer is not worth its cost for the previews that ask (pdf.js asks one at a time);
 * - anything else (another unit, a malformed spec, `a` past the end, `-0`, an empty file) →
 *   `{ kind: 'unsatisfiable' }` → 416 with `Content-Range: bytes *\/size`.
 */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;
/** Past this, digits are not a byte position any file here has (and Number would lose precision). */
const MAX_DIGITS = 15;

export function parseRange(header: string | string[] | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const value = (Array.isArray(header) ? header[0] : header).trim();
  const match = /^bytes\s*=\s*(.+)$/i.exec(value);
  if (!match) return { kind: 'unsatisfiable' };
  const specs = match[1].split(',').map((s) => s.trim());
  if (specs.length > 1)
    return specs.every((s) => SPEC.test(s) && s !== '-') ? { kind: 'full' } : { kind: 'unsatisfiable' };
  const spec = SPEC.exec(specs[0]);
  if (!spec) return { kind: 'unsatisfiable' };
  const [, first, last] = spec;
  if ((!first && !last) || first.length > MAX_DIGITS || last.length > MAX_DIGITS) return { kind: 'unsatisfiable' };
  if (size <= 0) return { kind: 'unsatisfiable' };
  if (!first) {
    // Suffix: the last n bytes (all of them when n ≥ size).
    const n = Number(last);
    if (n === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (!last) return { kind: 'partial', start, end: size - 1 };
  const end = Number(last);
  if (end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
