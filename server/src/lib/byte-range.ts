import rangeParser from 'range-parser';

/**
 * One HTTP `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14). The header is first
 * checked against the grammar (range-parser alone reads `bytes=1x-2` as `1-2`), then range-parser
 * resolves and merges the ranges.
 *
 * - no header → `{ kind: 'full' }` (200, the whole file);
 * - ranges that merge into one span (`a-b`, `a-`, `-n`, overlapping or adjacent lists such as
 *   `1-1,0-`) → `{ kind: 'partial', start, end }` (inclusive, clipped to the file) → 206. The span may
 *   be the whole file: `coversWholeFile` says so whatever the spelling (`00-`, `-999999999999`);
 * - ranges that stay apart (`0-10,100-200`) → `{ kind: 'full' }`: RFC 9110 lets a server ignore Range,
 *   and a multipart/byteranges answer is not worth its cost for the previews that ask (one at a time);
 * - anything else (another unit, a malformed spec, every range past the end, `-0`, an empty file) →
 *   `{ kind: 'unsatisfiable' }` → 416 with `Content-Range: bytes *\/size`.
 *
 * Whitespace around `=` and around each range is allowed, leading zeros are read as decimals, a suffix
 * longer than the file means the whole file, an end past the file is clipped.
 */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const HEADER = /^bytes\s*=(.*)$/i;
const SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;
/** More ranges than any viewer asks for in one request: refused rather than merged. */
const MAX_SPECS = 64;

/** A decimal position without leading zeros; past Number's exact range it is `Infinity`. */
function position(digits: string): number {
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : Infinity;
}

export function parseRange(header: string | string[] | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const match = HEADER.exec((Array.isArray(header) ? (header[0] ?? '') : header).trim());
  if (!match || size <= 0) return { kind: 'unsatisfiable' };
  const specs = match[1].split(',').map((s) => s.trim());
  if (specs.length > MAX_SPECS) return { kind: 'unsatisfiable' };
  // The same ranges, spelled plainly for range-parser: a start past the file is left out (it selects
  // nothing), an end past it clipped, a suffix past it the whole file.
  const plain: string[] = [];
  for (const spec of specs) {
    const parts = SPEC.exec(spec);
    if (!parts) return { kind: 'unsatisfiable' };
    const [, first, last, suffix] = parts;
    if (suffix !== undefined) {
      const n = position(suffix);
      if (n > 0) plain.push(`-${Math.min(n, size)}`);
      continue;
    }
    const start = position(first);
    const end = last === '' ? size - 1 : position(last);
    if (end < start) return { kind: 'unsatisfiable' };
    if (start < size) plain.push(`${start}-${Math.min(end, size - 1)}`);
  }
  if (plain.length === 0) return { kind: 'unsatisfiable' };
  const ranges = rangeParser(size, `bytes=${plain.join(',')}`, { combine: true });
  if (!Array.isArray(ranges) || ranges.length === 0) return { kind: 'unsatisfiable' };
  if (ranges.length > 1) return { kind: 'full' };
  return { kind: 'partial', start: ranges[0].start, end: ranges[0].end };
}

/** Whether the answer hands over every byte of the file (a download, however the Range was spelled). */
export function coversWholeFile(answer: RangeAnswer, size: number): boolean {
  if (answer.kind === 'full') return true;
  return answer.kind === 'partial' && answer.start === 0 && answer.end >= size - 1;
}
