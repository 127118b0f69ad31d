import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { errors } from '../../infra/errors.js';
import type { Storage } from '../../infra/storage.js';
import { parseRange } from '../../lib/byte-range.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { romanianDateTime } from '../../lib/ro-calendar.js';
import { UNSAFE_INLINE_MIMES } from '../../lib/file-types.js';
import { binarySchema, errorResponses, errorSchema } from '../../lib/http-schemas.js';
import { useNativeCrc32 } from '../../lib/native-crc32.js';

useNativeCrc32();

/** What a download needs of a media row (already authorised by the caller). */
export interface DownloadableMedia {
  original_name: string;
  mime: string;
  size: number | string;
  storage_key: string;
}

/** A zip entry source: a downloadable media row with where it goes in the archive. */
export interface ZipMedia extends DownloadableMedia {
  category_name: string | null;
  period: string | null;
  created_at: Date | string;
  /** A rejected document goes under REJECTED_FOLDER, apart from what the firm took. */
  review_status?: 'pending' | 'accepted' | 'rejected';
}

export const fileMissing = () => errors.notFound('Fișierul');

function commonHeaders(
  reply: FastifyReply,
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): void {
  reply.header('Content-Disposition', contentDisposition(fileName, disposition));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, no-store');
}

/** The only types a file call answers inline (`?inline=1`): PDF and raster images, which run nothing. */
export const INLINE_PREVIEW_MIMES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/**
 * The CSP of an inline answer: a unique opaque origin with nothing allowed to run (no scripts, forms,
 * plugins), nothing fetched but images of this origin, and never framed by another site.
 * The app's preview reads the bytes with fetch/XHR and renders them itself (pdf.js, <img> of a blob),
 * which no CSP on the answer affects.
 */
export const INLINE_CSP =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The query string a file call accepts: `inline=1` asks for an inline answer where the type allows it. */
export const fileQuerySchema = {
  type: 'object',
  properties: { inline: { type: 'string', enum: ['0', '1'] } },
} as const;

/** The answers of a file call: the whole file, one range of it (206) or a range it lacks (416). */
export const fileResponses = { 200: binarySchema, 206: binarySchema, ...errorResponses, 416: errorSchema } as const;

/**
 * Streams one stored file (already authorised by the caller), as an attachment unless the request
 * asks `?inline=1` and the type is in INLINE_PREVIEW_MIMES. Markup types (HTML, SVG, XML) go out as
 * application/octet-stream so no browser renders them. A single `Range: bytes=…` is answered with
 * 206 and only those bytes read from storage (lib/byte-range.ts has the rules; 416 otherwise).
 */
export async function sendFile(reply: FastifyReply, storage: Storage, media: DownloadableMedia): Promise<FastifyReply> {
  const size = Number(media.size);
  const request = reply.request;
  const range = parseRange(request.headers.range, size);
  reply.header('Accept-Ranges', 'bytes');
  if (range.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    throw errors.rangeNotSatisfiable();
  }
  let body: Readable;
  try {
    body =
      range.kind === 'partial'
        ? await storage.getRange(media.storage_key, range.start, range.end)
        : await storage.get(media.storage_key);
  } catch {
    throw fileMissing();
  }
  const mime = media.mime.split(';')[0].trim().toLowerCase();
  const inline = (request.query as { inline?: string } | undefined)?.inline === '1' && INLINE_PREVIEW_MIMES.has(mime);
  reply.header('Content-Type', UNSAFE_INLINE_MIMES.has(mime) || !mime ? 'application/octet-stream' : mime);
  if (inline) reply.header('Content-Security-Policy', INLINE_CSP);
  commonHeaders(reply, media.original_name, inline ? 'inline' : 'attachment');
  if (range.kind === 'partial') {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(size));
  }
  return reply.send(body);
}

// Names Windows keeps for devices, with or without an extension (`CON`, `con.pdf`, `COM1.txt`, `LPT¹`).
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * A path segment for a zip entry that every OS extracts as the name it shows: no separators and no
 * characters Windows refuses (`< > : " | ? *`, so `A: Avize` is not read as a drive), no control
 * characters, no leading spaces nor trailing dots and spaces (Windows drops them, so `.. .` would
 * become `..`), never empty, `.` or `..`, never a Windows device name (`CON.pdf` → `_CON.pdf`).
 */
export function zipSegment(value: string): string {
  const clean = value
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\<>:"|?*]/g, '-')
    .replace(/^\s+/, '')
    .replace(/[\s.]+$/, '');
  if (!clean || /^\.+$/.test(clean)) return '_';
  return WINDOWS_DEVICE.test(clean) ? `_${clean}` : clean;
}

/** `a.pdf`, then `a (2).pdf`, `a (3).pdf`… (case-insensitive, per folder). */
export function uniqueEntryPath(dir: string, name: string, used: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  let candidate = `${dir}/${name}`;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${dir}/${base} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

export const NO_CATEGORY_FOLDER = 'Fără categorie';
export const NO_PERIOD_FOLDER = 'Fără lună';
/** Where the zip files the documents the firm rejected, so none is taken for the one that replaced it. */
export const REJECTED_FOLDER = 'Respinse';

/**
 * The archive path of every row, in order: `category/YYYY-MM/name`, and `Respinse/category/YYYY-MM/name`
 * for a rejected document, without collisions.
 */
export function zipEntryPaths(rows: readonly ZipMedia[]): string[] {
  const used = new Set<string>();
  return rows.map((row) => {
    const place = `${zipSegment(row.category_name ?? NO_CATEGORY_FOLDER)}/${zipSegment(row.period?.trim() || NO_PERIOD_FOLDER)}`;
    const dir = row.review_status === 'rejected' ? `${REJECTED_FOLDER}/${place}` : place;
    return uniqueEntryPath(dir, zipSegment(row.original_name), used);
  });
}

// The most a central directory record can take besides its name (yazl: fixed part, timestamp, ZIP64 extra).
const CENTRAL_RECORD_MAX = 46 + 9 + 28;

/**
 * yazl predicts the ZIP64 end records once the central directory reaches 64 KB (about 600 entries)
 * but writes them only past 4 GB, so its Content-Length would be 76 bytes too long and the download
 * would never finish. From that size on the ZIP64 end records are asked for, so both agree.
 */
export function needsZip64End(paths: readonly string[]): boolean {
  let bound = 0;
  for (const p of paths) bound += CENTRAL_RECORD_MAX + Buffer.byteLength(p);
  return bound >= 0xffff;
}

/**
 * Streams a zip of rows (stored, not compressed: documents are PDFs and
 * images already compressed). Each file is opened only when its turn comes,
 * so memory stays flat; the exact length is known up front and sent as
 * Content-Length, so the browser can show download progress.
 */
/**
 * A zip entry's time as Romanian clocks showed it. A zip keeps an MS-DOS date and time with no time zone,
 * which every unzip tool reads as local time, and yazl fills it from the Date's local fields (getHours…),
 * i.e. the server's zone. So the moment is turned into Romania's wall clock (summer time included, by
 * Intl) and built as that local Date; yazl's extended timestamp, a UTC instant it would take from the
 * same Date, is left out (forceDosTimestamp), so no reader prefers a shifted one.
 */
export function romanianZipTime(moment: Date | string): Date {
  const [day, time] = romanianDateTime(moment).split(' ');
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hour, minute, second);
}

export function sendZip(
  reply: FastifyReply,
  storage: Storage,
  rows: readonly ZipMedia[],
  zipName: string,
): FastifyReply {
  const zip = new ZipFile();
  const paths = zipEntryPaths(rows);
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(
      paths[i],
      { compress: false, size: Number(row.size), mtime: romanianZipTime(row.created_at), forceDosTimestamp: true },
      (cb) => {
        storage.get(row.storage_key).then(
          (stream) => cb(null, stream),
          (error: unknown) => cb(error, undefined as unknown as NodeJS.ReadableStream),
        );
      },
    );
  });
  const output = zip.outputStream as unknown as Readable;
  // A file missing mid-way can't change the status any more: abort the response instead of sending a corrupt zip.
  zip.on('error', (error: unknown) => {
    reply.log.error({ err: error }, 'zip stream failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  let total = -1;
  const end = zip.end.bind(zip) as unknown as (options: object, sizeCallback: (size: number) => void) => void;
  end({ forceZip64Format: needsZip64End(paths) }, (size) => {
    total = size;
  });
  reply.header('Content-Type', 'application/zip');
  if (total >= 0) reply.header('Content-Length', String(total));
  commonHeaders(reply, zipName.endsWith('.zip') ? zipName : `${zipName}.zip`);
  return reply.send(output);
}
