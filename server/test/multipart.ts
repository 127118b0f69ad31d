import crypto from 'node:crypto';

/** A multipart/form-data body built by hand, for app.inject (tests only). */
export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
}

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export function multipart(parts: MultipartPart[]): MultipartBody {
  const boundary = `----dosar-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) {
      // Quotes and backslashes escaped the way browsers send them; the raw bytes are UTF-8.
      head += `; filename="${part.filename.replace(/\\/g, '\\\\').replace(/"/g, '%22')}"`;
      head += `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    head += '\r\n\r\n';
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const file = (name: string, filename: string, value: Buffer | string, contentType?: string): MultipartPart => ({
  name,
  filename,
  value,
  contentType,
});

export const field = (name: string, value: string): MultipartPart => ({ name, value });
