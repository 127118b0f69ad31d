import { createRequire } from 'node:module';
import zlib from 'node:zlib';

type Crc32 = { unsigned: (data: Buffer | string, previous?: number) => number };

/**
 * yazl (the zip writer) takes each entry's CRC-32 from buffer-crc32, a table-driven JavaScript loop;
 * Node's own zlib.crc32 (native, Node ≥ 20.15) does the same sum several times faster, which is most
 * of what a stored (uncompressed) zip costs. yazl looks up `crc32.unsigned` on every chunk, so pointing
 * that one function at zlib makes zips stream at about disk speed. The two are compared on a sample
 * first; when zlib has no crc32 or they disagree, nothing changes. Answers whether zlib is in use.
 */
export function useNativeCrc32(): boolean {
  const native = (zlib as unknown as { crc32?: (data: Buffer | string, value?: number) => number }).crc32;
  if (typeof native !== 'function') return false;
  // The CommonJS instance yazl requires (buffer-crc32 ships a separate ES module build).
  const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const crc32 = yazlRequire('buffer-crc32') as Crc32;
  if ((crc32 as { native?: boolean }).native) return true;
  const sample = Buffer.from('Dosar — verificare CRC-32 ăâîșț 0123456789'.repeat(7));
  const js = crc32.unsigned;
  if (native(sample, 0) !== js(sample) || native(sample, 12345) !== js(sample, 12345)) return false;
  crc32.unsigned = (data, previous = 0) => native(data, previous);
  (crc32 as { native?: boolean }).native = true;
  return true;
}
