import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Inline scripts of a page: `<script>…</script>` without a src. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source allowing each inline script of `html`: 'sha256-…' of its exact text. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1])
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** `csp` with `sources` added to its script-src (or to a new script-src from default-src). */
export function allowScripts(csp: string, sources: string[]): string {
  if (!sources.length) return csp;
  const directives = csp.split(';').map((d) => d.trim());
  const at = directives.findIndex((d) => /^script-src\s/i.test(d) || d.toLowerCase() === 'script-src');
  if (at >= 0) directives[at] = `${directives[at]} ${sources.join(' ')}`;
  else {
    const fallback = directives.find((d) => /^default-src\s/i.test(d))?.replace(/^default-src/i, '') ?? " 'self'";
    directives.push(`script-src${fallback} ${sources.join(' ')}`);
  }
  return directives.filter(Boolean).join(';');
}

function acceptsEncoding(request: FastifyRequest, encoding: string): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, ...params]) => name.trim() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)));
}

/**
 * A page of the built front end served whole for some routes (the upload link's incarcare.html): read
 * on each request (a deploy may replace it), its precompressed copy picked by Accept-Encoding like the
 * assets', revalidated each time (no-cache), and its inline scripts, and no other, allowed by their hash
 * in the page's Content-Security-Policy (the other security headers stay as set for every page).
 */
export async function sendLightPage(request: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
  const html = await fs.promises.readFile(file, 'utf8');
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.header('Content-Security-Policy', allowScripts(csp, inlineScriptHashes(html)));
  reply.header('Cache-Control', 'no-cache');
  reply.header('Vary', 'Accept-Encoding');
  reply.type('text/html; charset=utf-8');
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!acceptsEncoding(request, encoding)) continue;
    const copy = await fs.promises.readFile(`${file}${suffix}`).catch(() => null);
    if (copy) return reply.header('Content-Encoding', encoding).send(copy);
  }
  return reply.send(html);
}
