/**
 * A tiny reader for the zips the server makes (stored entries, optional
 * ZIP64): the central directory's names, in order, with each entry's bytes.
 */
export interface ZipEntry {
  name: string;
  utf8: boolean;
  method: number;
  data: Buffer;
  /** The entry's MS-DOS date and time (no time zone: what an unzip tool shows), `YYYY-MM-DD HH:MM:SS`. */
  modified: string;
  /** Whether the entry carries an extended timestamp (0x5455, a UTC instant readers prefer to the DOS time). */
  utcTimestamp: boolean;
}

function dosDateTime(date: number, time: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${1980 + (date >> 9)}-${two((date >> 5) & 0xf)}-${two(date & 0x1f)}`;
  return `${day} ${two(time >> 11)}:${two((time >> 5) & 0x3f)}:${two((time & 0x1f) * 2)}`;
}

export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (offset === 0xffffffff || count === 0xffff) {
    const locator = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]));
    const record = Number(zip.readBigUInt64LE(locator + 8));
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const flags = zip.readUInt16LE(offset + 8);
    const modified = dosDateTime(zip.readUInt16LE(offset + 14), zip.readUInt16LE(offset + 12));
    let utcTimestamp = false;
    const method = zip.readUInt16LE(offset + 10);
    let size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    // ZIP64 extended information (0x0001) carries the real sizes/offset when the 32-bit fields are full.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra < extraEnd) {
      const id = zip.readUInt16LE(extra);
      const length = zip.readUInt16LE(extra + 2);
      if (id === 0x5455) utcTimestamp = true;
      if (id === 0x0001) {
        let p = extra + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(p));
          p += 8;
        }
        if (zip.readUInt32LE(offset + 24) === 0xffffffff) p += 8;
        if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(p));
      }
      extra += 4 + length;
    }
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name,
      utf8: (flags & 0x0800) !== 0,
      method,
      data: zip.subarray(start, start + size),
      modified,
      utcTimestamp,
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
