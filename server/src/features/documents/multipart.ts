import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { AppError, errors } from '../../infra/errors.js';
import { newStorageKey } from '../../infra/storage.js';
import { detectFileType, SNIFF_BYTES, type AllowedType } from '../../lib/file-types.js';
import { sanitizeFileName, withTypeExtension } from './file-name.js';
import { MAX_FILES_PER_UPLOAD } from './presenter.js';

/** One file that reached storage during this request. */
export interface StoredUpload {
  field: string;
  key: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
}

export interface ReceivedMultipart {
  /** Text fields (the last value wins for a repeated name). */
  fields: Record<string, string>;
  files: StoredUpload[];
  /** Removes every stored file of this request; call it when the rows can't be written. */
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  /** Storage key prefix, e.g. `company-1/client-7`; the key itself is always generated. */
  keyPrefix: string;
  maxFiles?: number;
  /** Runs once, on the first file, with the fields sent before it: refuse early instead of after the upload. */
  beforeFirstFile?: (fields: Record<string, string>) => Promise<void> | void;
  /**
   * The most all files of the request may add up to (the plan's storage left, for a request that
   * declares no size), and what refuses more: called once, as soon as the running total passes
   * `bytes`; it throws to stop the upload there, or returns to let the rest in.
   */
  totalLimit?: TotalLimit;
}

export interface TotalLimit {
  bytes: number;
  refuse: (total: number) => Promise<void>;
}

/** Bytes received so far across the request's files, and the limit still to enforce. */
interface Tally {
  total: number;
  limit?: TotalLimit;
}

const emptyFile = (name: string) => errors.field('files', fieldMessages.documents.emptyFile(name));
const tooManyFiles = (max: number) => errors.field('files', fieldMessages.documents.tooManyFiles(max));
const fieldTooLong = (name: string) => errors.field(name, fieldMessages.documents.fieldTooLong(name));
const notMultipart = () => errors.field('files', fieldMessages.documents.notMultipart);

/**
 * Streams every file part of a multipart request to storage: type checked on
 * the first bytes, size limited, SHA-256 computed on the way. All or nothing:
 * on any error (too large → 413, refused type → 422, aborted request) the
 * files already stored are deleted before the error is rethrown.
 */
export async function receiveMultipart(
  ctx: Pick<AppContext, 'config' | 'storage'>,
  request: FastifyRequest,
  options: ReceiveOptions,
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw notMultipart();
  const maxBytes = ctx.config.uploadMaxBytes;
  const maxFiles = options.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  const discard = async (): Promise<void> => {
    const keys = files.splice(0).map((f) => f.key);
    await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => undefined)));
  };
  let sawFile = false;
  const tally: Tally = { total: 0, limit: options.totalLimit };
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024, parts: maxFiles + 50 },
      // Bigger buffers between the socket, the parser and the disk: fewer, larger writes.
      fileHwm: 1024 * 1024,
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // busboy cuts a field over fieldSize and only flags it: a cut value is refused, never used.
        if (part.valueTruncated || part.fieldnameTruncated) throw fieldTooLong(part.fieldname);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!sawFile) {
        sawFile = true;
        await options.beforeFirstFile?.({ ...fields });
      }
      files.push(await storeOne(ctx, part, options.keyPrefix, maxBytes, tally));
    }
  } catch (error) {
    // Stop the parser: the rest of the body is drained (drainRequestBody) before the answer goes out.
    request.raw.unpipe();
    await discard();
    throw translateMultipartError(error, maxBytes, maxFiles);
  }
  return { fields, files, discard };
}

/**
 * Reads and discards what is left of a refused upload's body (up to
 * maxBytes or timeoutMs) before the error answer goes out. Answering and
 * closing on an unread body can reset the connection, and the browser would
 * then report a network error instead of our 403/404/413/422 message.
 */
export async function drainRequestBody(request: FastifyRequest, maxBytes: number, timeoutMs = 30_000): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let seen = 0;
    const done = (): void => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, timeoutMs);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}

function translateMultipartError(error: unknown, maxBytes: number, maxFiles: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return errors.tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return tooManyFiles(maxFiles);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  if (code === 'FST_MP_PREMATURE_CLOSE' || (error as Error).message?.includes('Unexpected end of')) {
    return errors.uploadAborted();
  }
  // busboy: a multipart header without its boundary, or a body that isn't multipart after all
  if ((error as Error).message?.startsWith('Multipart: Boundary not found')) return notMultipart();
  return error;
}

async function storeOne(
  ctx: Pick<AppContext, 'storage'>,
  part: MultipartFile,
  keyPrefix: string,
  maxBytes: number,
  tally: Tally,
): Promise<StoredUpload> {
  const cleanName = sanitizeFileName(part.filename ?? '');
  const shownName = cleanName || 'fisier';
  const key = newStorageKey(keyPrefix);
  const hash = crypto.createHash('sha256');
  const stream = part.file;
  let size = 0;
  let type: AllowedType | null = null;

  async function* inspected(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headLength = 0;
    const decide = (): void => {
      if (headLength === 0) throw emptyFile(shownName);
      type = detectFileType(Buffer.concat(head, headLength).subarray(0, SNIFF_BYTES), cleanName);
      if (!type) throw errors.unsupportedType(shownName);
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      hash.update(chunk);
      if (stream.truncated || size > maxBytes) throw errors.tooLarge(maxBytes);
      tally.total += chunk.length;
      if (tally.limit && tally.total > tally.limit.bytes) {
        const limit = tally.limit;
        tally.limit = undefined;
        await limit.refuse(tally.total);
      }
      if (type) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) {
        decide();
        yield* head;
        head = [];
      }
    }
    // busboy ends a file cut at the limit normally and only flags it.
    if (stream.truncated) throw errors.tooLarge(maxBytes);
    if (!type) {
      decide();
      yield* head;
    }
  }

  await ctx.storage.put(key, Readable.from(inspected(), { objectMode: false }));
  const detected = type as AllowedType | null;
  if (!detected) throw errors.unsupportedType(shownName);
  return {
    field: part.fieldname,
    key,
    name: withTypeExtension(cleanName, detected),
    mime: detected.mime,
    size,
    sha256: hash.digest('hex'),
  };
}
