import { http } from '../../http/http';

export interface FetchedBytes {
  data: Uint8Array;
  /** The whole file's size (from Content-Range on a 206, else the body's length). */
  total: number;
}

function header(headers: unknown, name: string): string | null {
  if (!headers || typeof headers !== 'object') return null;
  const h = headers as { get?: (n: string) => unknown } & Record<string, unknown>;
  const value = typeof h.get === 'function' ? h.get(name) : (h[name] ?? h[name.toLowerCase()]);
  return typeof value === 'string' ? value : null;
}

/**
 * POSTs a file call through the one HTTP client (bearer token, XSRF) and reads the bytes.
 * `range` [start, end] (inclusive) asks for those bytes only (`Range: bytes=start-end`, answered 206);
 * a server that answers the whole file (200) is read whole. Errors are silent here: the preview shows them.
 */
export async function fetchBytes(
  url: string,
  options: { range?: [number, number]; inline?: boolean; signal?: AbortSignal } = {},
): Promise<FetchedBytes> {
  const response = await http.post<ArrayBuffer>(options.inline ? `${url}?inline=1` : url, undefined, {
    responseType: 'arraybuffer',
    signal: options.signal,
    silent: true,
    headers: options.range ? { Range: `bytes=${options.range[0]}-${options.range[1]}` } : undefined,
  });
  const data = new Uint8Array(response.data);
  const total = /\/(\d+)$/.exec(header(response.headers, 'content-range') ?? '');
  return { data, total: total ? Number(total[1]) : data.length };
}
