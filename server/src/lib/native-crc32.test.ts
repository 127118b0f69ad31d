import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { useNativeCrc32 } from './native-crc32.js';

test('yazl’s CRC-32 comes from zlib after the switch and sums exactly as before', () => {
  const yazlRequire = createRequire(require.resolve('yazl'));
  const crc32 = yazlRequire('buffer-crc32') as { unsigned: (b: Buffer, p?: number) => number };
  const data = Buffer.from('%PDF-1.4 document de test ăîșț'.repeat(1000));
  const before = crc32.unsigned(data);
  const chained = crc32.unsigned(data.subarray(500), crc32.unsigned(data.subarray(0, 500)));
  expect(useNativeCrc32()).toBe(true);
  expect(crc32.unsigned(data)).toBe(before);
  expect(crc32.unsigned(data.subarray(500), crc32.unsigned(data.subarray(0, 500)))).toBe(chained);
  expect(crc32.unsigned(data)).toBe(zlib.crc32(data));
  expect(useNativeCrc32()).toBe(true);
});
