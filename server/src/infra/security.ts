import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { sendError } from './error-handler.js';
import { fieldMessages } from './error-messages.js';
import { errors } from './errors.js';
import { randomSecret } from './tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// NUL (PostgreSQL text can't hold it) and UTF-16 halves without their pair (no character at all).
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path (`a.b.0`) of the first string in value that text columns can't store; null when none. */
export function unstorableText(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? at || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (UNSTORABLE.test(key)) return path;
    const found = unstorableText(item, path, depth + 1);
    if (found) return found;
  }
  return null;
}

function origins(config: Config): string[] {
  return Object.values(config.remotes)
    .filter((u) => /^https?:\/\//.test(u))
    .map((u) => new URL(u).origin);
}

/**
 * Helmet's headers for these options. They depend on nothing in the request, so they are computed
 * once at boot (helmet's middleware run against a recording response) and copied onto every answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers (helmet, CSP allowing the configured remotes) and the XSRF double-submit cookie. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const remoteOrigins = origins(config);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...remoteOrigins, ...remoteOrigins.map((o) => o.replace(/^http/, 'ws'))],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: config.env === 'production',
  });
  // An API answer is data, never a page: nothing in it may load or run, and it is never framed (OWASP REST
  // guidance). A short set also keeps every JSON answer light. The API docs (/api/docs) are a page.
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': headers['cross-origin-resource-policy'],
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiData(request.url) ? api : headers);
    done();
  });

  // Text no column can store is refused up front (422), wherever it hides: body, query string or path.
  // Callback hooks here and below: no promise per request on the hot path.
  app.addHook('preValidation', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const field = unstorableText(request.params) ?? unstorableText(request.query) ?? unstorableText(request.body);
    if (!field) return done();
    sendError(reply, errors.field(field, fieldMessages.unstorable(field)));
  });

  // Double-submit: a request carrying the XSRF-TOKEN cookie must echo it in X-XSRF-TOKEN. A browser gets
  // the cookie with its first page or cookie-less call; a caller sending its own Authorization header
  // (a bearer token, which no other site can make a browser send) needs none.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies['XSRF-TOKEN'];
    if (!cookie && request.headers.authorization === undefined) {
      reply.setCookie('XSRF-TOKEN', randomSecret(24), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: config.publicUrl.startsWith('https://'),
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || !cookie) return done();
    const header = request.headers['x-xsrf-token'];
    const sent = Array.isArray(header) ? header[0] : header;
    if (sent && decodedOrNull(sent) === cookie) return done();
    sendError(reply, errors.xsrf());
  });
}

const isApiData = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
