import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { localDiskStorage, newStorageKey, type Storage } from './storage.js';
import { s3Storage } from './storage-s3.js';

/** A deterministic stream of `size` bytes, produced chunk by chunk (never one big buffer). */
function bytes(size: number, seed = 1): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(256 * 1024, size - sent);
      const chunk = Buffer.alloc(n, (sent / 1024 + seed) % 251);
      sent += n;
      this.push(chunk);
    },
  });
}

async function digest(stream: Readable): Promise<{ sha: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha: hash.digest('hex'), size };
}

function failingStream(after: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= after) return this.destroy(new Error('client went away'));
      sent += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 7));
    },
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-storage-'));
let s3server: S3rver;
const backends: Record<string, Storage> = {};

beforeAll(async () => {
  backends.disk = localDiskStorage(path.join(tmp, 'disk'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'dosar', configs: [] }],
  });
  const { port } = (await s3server.run()) as { port: number };
  backends.s3 = s3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'dosar',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
  });
});

afterAll(async () => {
  await s3server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('%s storage', (name) => {
  test('streams a 20 MB object in and out unchanged (multipart on S3)', async () => {
    const storage = backends[name];
    const key = newStorageKey('test');
    await storage.put(key, bytes(20 * 1024 * 1024));
    expect(await storage.exists(key)).toBe(true);
    const expected = await digest(bytes(20 * 1024 * 1024));
    expect(await digest(await storage.get(key))).toEqual(expected);
  });

  test('a stream that fails half-way leaves no object behind', async () => {
    const storage = backends[name];
    const key = newStorageKey('test');
    await expect(storage.put(key, failingStream(10 * 1024 * 1024))).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
    if (name === 'disk') {
      const leftovers = fs.readdirSync(path.dirname(path.join(tmp, 'disk', key)));
      expect(leftovers.filter((f) => f.includes('.partial-'))).toEqual([]);
    }
  });

  test('getRange streams exactly bytes start..end (inclusive) of a 3 MB object', async () => {
    const storage = backends[name];
    const key = newStorageKey('test');
    const whole = Buffer.concat(await bytes(3 * 1024 * 1024, 7).toArray());
    await storage.put(key, Readable.from(whole));
    const read = async (start: number, end: number) =>
      Buffer.concat((await (await storage.getRange(key, start, end)).toArray()) as Buffer[]);
    expect((await read(1_000_000, 1_065_535)).equals(whole.subarray(1_000_000, 1_065_536))).toBe(true);
    // (not 0-0: the S3 stand-in, s3rver, reads an end of 0 as "to the end"; real S3 does not)
    expect((await read(0, 9)).equals(whole.subarray(0, 10))).toBe(true);
    const tail = await read(whole.length - 10, whole.length - 1);
    expect([tail.length, tail.toString('hex')]).toEqual([10, whole.subarray(whole.length - 10).toString('hex')]);
    await expect(storage.getRange(newStorageKey('test'), 0, 9).then((s) => s.toArray())).rejects.toThrow();
  });

  test('delete removes the object; a missing key is reported, not thrown', async () => {
    const storage = backends[name];
    const key = newStorageKey('test');
    await storage.put(key, Readable.from(Buffer.from('salut, Dosar')));
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.ping()).resolves.toBeUndefined();
  });
});

test('local disk refuses keys that escape its root', async () => {
  await expect(backends.disk.get('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
});
