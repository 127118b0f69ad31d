// Reads the entry names of a zip file from its central directory (no system unzip needed).
import fs from 'node:fs';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;

/** The end-of-central-directory record: searched backwards (a comment may follow it). */
function findEndRecord(buffer) {
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= lowest; i -= 1) {
    if (buffer.readUInt32LE(i) === EOCD) return i;
  }
  throw new Error('not a zip file: no end-of-central-directory record');
}

/**
 * Every entry of the zip at `file`: {name, size, compressedSize, method}, in archive
 * order. Names are UTF-8 when the entry says so (flag bit 11), else CP437 read as latin1.
 */
export function zipEntries(file) {
  const buffer = fs.readFileSync(file);
  const end = findEndRecord(buffer);
  let count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  // ZIP64: the classic record holds 0xFFFF / 0xFFFFFFFF and a locator points at the real one.
  const locator = end - 20;
  if (locator >= 0 && buffer.readUInt32LE(locator) === ZIP64_LOCATOR) {
    const record = Number(buffer.readBigUInt64LE(locator + 8));
    if (buffer.readUInt32LE(record) !== ZIP64_EOCD) throw new Error('broken ZIP64 end record');
    count = Number(buffer.readBigUInt64LE(record + 32));
    offset = Number(buffer.readBigUInt64LE(record + 48));
  }
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    if (buffer.readUInt32LE(offset) !== CENTRAL_HEADER) throw new Error(`broken central directory at entry ${i}`);
    const flags = buffer.readUInt16LE(offset + 8);
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const size = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const raw = buffer.subarray(offset + 46, offset + 46 + nameLength);
    const name = raw.toString(flags & 0x800 ? 'utf8' : 'latin1');
    entries.push({ name, size, compressedSize, method });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
