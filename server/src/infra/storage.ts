import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { currentMonth } from '../lib/ro-calendar.js';

/** Where files live: local disk by default, S3-compatible storage when S3_* is set. */
export interface Storage {
  /** Streams body into key; the object exists only once the whole stream arrived. */
  put(key: string, body: Readable): Promise<void>;
  get(key: string): Promise<Readable>;
  /** Streams bytes start..end (both inclusive, within the object) of key: an HTTP Range answer's body. */
  getRange(key: string, start: number, end: number): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  ping(): Promise<void>;
}

/** A fresh, unguessable storage key; never derived from user input. */
export function newStorageKey(prefix: string): string {
  return `${prefix}/${currentMonth().replace('-', '/')}/${crypto.randomUUID()}`;
}

export function localDiskStorage(root: string): Storage {
  const resolve = (key: string): string => {
    if (!/^[a-z0-9/_-]+$/i.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial-${crypto.randomUUID()}`;
      const out = fs.createWriteStream(partial, { flags: 'wx', highWaterMark: 1024 * 1024 });
      try {
        await pipeline(body, out);
        await fsp.rename(partial, target);
      } catch (error) {
        // A body that fails at once can beat the file's open: wait until the stream let go of it, then remove it.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      await fsp.access(file);
      // 64 KB reads (Node's default): with many downloads or zips streaming at once, each turn of the
      // event loop moves a few MB rather than tens, so other requests (a health check) wait ms, not 100s.
      return fs.createReadStream(file, { highWaterMark: 64 * 1024 });
    },
    async getRange(key, start, end) {
      const file = resolve(key);
      await fsp.access(file);
      // Only the asked bytes are read: a 64 KB range of a 50 MB file reads 64 KB.
      return fs.createReadStream(file, { start, end, highWaterMark: Math.min(64 * 1024, end - start + 1) });
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        await fsp.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}
