/**
 * A URL as the request log may keep it: path segments and query values that are secrets — a company
 * request's hash, a reset or upload token: long runs of letters, digits, `-` and `_` — become `***`.
 * Ids, words and months stay readable.
 */
const SECRET = /^[A-Za-z0-9_-]{24,}$/;

export function redactUrl(url: string): string {
  const [pathPart, query] = url.split('?', 2);
  const path = pathPart
    .split('/')
    .map((segment) => (SECRET.test(segment) ? '***' : segment))
    .join('/');
  if (query === undefined) return path;
  const params = query
    .split('&')
    .map((pair) => {
      const [key, value] = pair.split('=', 2);
      return value !== undefined && (SECRET.test(decodeSafe(value)) || /token|hash|secret|password/i.test(key))
        ? `${key}=***`
        : pair;
    })
    .join('&');
  return `${path}?${params}`;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
