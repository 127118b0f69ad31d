import type { UploadLinkData } from './api/upload-link';

/**
 * The upload link's data asked for before the page's code has arrived: on a slow phone network that
 * saves the round trips the page would otherwise wait for (bench/upload-page.mjs). Two starters:
 * - the light page incarcare.html (public/incarcare.html), whose inline script POSTs while the bundle
 *   downloads and leaves the answer's Response promise in `window.dosarEarlyLink`;
 * - the shell's own start-up (index.ts → askEarly), when the shell serves the route (dev server).
 * Plain fetch and no import at run time. A refusal is shaped like the HTTP client's
 * ({response: {status, data}}), so the page reads it with the same helpers.
 */
let early: { token: string; answer: Promise<UploadLinkData> } | null = null;

declare global {
  interface Window {
    /** Set by incarcare.html's inline script: the token and the fetch it started. */
    dosarEarlyLink?: { token: string; response: Promise<Response> };
  }
}

function read(response: Promise<Response>): Promise<UploadLinkData> {
  const answer = response.then(async (reply) => {
    const data: unknown = await reply.json().catch(() => ({}));
    if (!reply.ok) throw Object.assign(new Error(`HTTP ${reply.status}`), { response: { status: reply.status, data } });
    return data as UploadLinkData;
  });
  // Not unhandled while nobody has taken it yet; the page reads the refusal itself.
  answer.catch(() => undefined);
  return answer;
}

export function askEarly(pathname: string): void {
  const match = /^\/incarcare\/([A-Za-z0-9_-]{1,200})\/?$/.exec(pathname);
  if (!match || typeof fetch !== 'function') return;
  const token = match[1];
  // The page's HTML set the XSRF-TOKEN cookie: the POST echoes it, as the HTTP client does.
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  early = { token, answer: read(fetch(`/api/upload-links/${token}`, { method: 'POST', headers })) };
}

/** The early answer for `token`, once (a retry asks again through the page's own call). */
export function takeEarly(token: string): Promise<UploadLinkData> | null {
  const started = typeof window === 'undefined' ? undefined : window.dosarEarlyLink;
  if (started) {
    delete window.dosarEarlyLink;
    if (started.token === token) return read(started.response);
  }
  if (!early || early.token !== token) return null;
  const { answer } = early;
  early = null;
  return answer;
}
