import type { UploadLinkData } from './api/upload-link';

/**
 * The upload link's data asked for as soon as the shell starts on /incarcare/{token} (index.ts), before
 * the shared modules, the page's chunk and the HTTP client's chunk have arrived: on a slow phone network
 * that saves the round trips the page would otherwise wait for (bench/upload-page.mjs). Plain fetch and
 * no import at run time: this runs before the shared modules are negotiated. A refusal is shaped like the
 * HTTP client's ({response: {status, data}}), so the page reads it with the same helpers.
 */
let early: { token: string; answer: Promise<UploadLinkData> } | null = null;

export function askEarly(pathname: string): void {
  const match = /^\/incarcare\/([A-Za-z0-9_-]{1,200})\/?$/.exec(pathname);
  if (!match || typeof fetch !== 'function') return;
  const token = match[1];
  // The page's HTML set the XSRF-TOKEN cookie: the POST echoes it, as the HTTP client does.
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const answer = fetch(`/api/upload-links/${token}`, { method: 'POST', headers }).then(async (response) => {
    const data: unknown = await response.json().catch(() => ({}));
    if (!response.ok)
      throw Object.assign(new Error(`HTTP ${response.status}`), { response: { status: response.status, data } });
    return data as UploadLinkData;
  });
  // Not unhandled while nobody has taken it yet; the page reads the refusal itself.
  answer.catch(() => undefined);
  early = { token, answer };
}

/** The early answer for `token`, once (a retry asks again through the page's own call). */
export function takeEarly(token: string): Promise<UploadLinkData> | null {
  if (!early || early.token !== token) return null;
  const { answer } = early;
  early = null;
  return answer;
}
