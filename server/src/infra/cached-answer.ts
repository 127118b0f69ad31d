import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { JsonText } from '../lib/json-text.js';
import { gzipAnswer, type ReadCache } from './read-cache.js';

/** The cache listens while the server runs; a write's drop happens at its commit (read-cache.ts). */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
}

/** True when the request's Accept-Encoding takes gzip (every browser's does). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\s*(,|$)/.test(header);
}

/**
 * Answers a company read from the cache, or computes it, serializes it with the route's response
 * schema and keeps it; gzipped for a client that accepts it (a hit costs no compression: the gzip is kept
 * too; with the cache off, answers of GZIP_MIN_BYTES and more). Call after the scope check: the key holds
 * the company, the actor, the path (route and parameters) and the body.
 */
export async function cachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: number,
  compute: () => Promise<unknown>,
  /** What else the answer depends on (e.g. today's date for days left); part of the key. */
  variant = '',
): Promise<FastifyReply> {
  const cache = request.server.ctx.readCache;
  // The path names the route and its parameters.
  const key = `${companyId}|${request.actor?.id ?? 0}|${request.url}|${JSON.stringify(request.body ?? null)}|${variant}`;
  const browser = acceptsGzip(request);
  const hit = cache.answer(key, browser);
  // Whether memory answered (the bench's mixed workload reports the rate); nothing when the cache is off.
  if (hit !== undefined) return send(reply, hit, browser, cache.active ? 'hit' : null);
  const generation = cache.generation;
  const body = Buffer.from(serialized(reply, await compute()));
  // A kept answer is gzipped once for every browser that will ask again; an answer computed for one
  // request only when it is large enough to pay (a month's grid: 45 KB, 80 µs to gzip, 3.3 KB sent).
  const zipped = browser && (cache.active || body.length >= GZIP_MIN_BYTES) ? gzipAnswer(body) : null;
  cache.storeAnswer(key, companyId, body, generation, zipped);
  return send(reply, zipped ?? body, zipped !== null, cache.active ? 'miss' : null);
}

/**
 * Answers a read that no cache keeps (the holding door's, which spans companies), as cachedAnswer answers
 * one it computed: serialised by the route's schema or sent as the database wrote it, gzipped when large.
 */
export async function writtenAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = Buffer.from(serialized(reply, await compute()));
  const zipped = acceptsGzip(request) && body.length >= GZIP_MIN_BYTES ? gzipAnswer(body) : null;
  return send(reply, zipped ?? body, zipped !== null, null);
}

function send(reply: FastifyReply, body: Buffer, gzipped: boolean, from: 'hit' | 'miss' | null): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (gzipped) reply.header('content-encoding', 'gzip');
  if (from) reply.header('x-cache', from);
  return reply.send(body);
}

/**
 * The smallest answer gzipped when the cache keeps nothing. Under it the gzip costs more than the bytes
 * it saves on the socket: writing the 45 KB grid took 1 ms of the server's CPU on loopback (cpu profile,
 * 41 % of the process in writev), gzipping it 80 µs.
 */
export const GZIP_MIN_BYTES = 1024;

/** Outside production every answer the database wrote is checked against the route's response schema. */
const checkWritten = process.env.NODE_ENV !== 'production';

/**
 * The answer's JSON: the route's response schema serialises an object; an answer the database already
 * wrote (JsonText) goes out as it is. Tests run with the check on: a written answer must come out of the
 * schema unchanged (no field the whitelist would drop, no value of another type).
 */
function serialized(reply: FastifyReply, answer: unknown): string {
  if (!(answer instanceof JsonText)) return String(reply.serialize(answer));
  if (checkWritten) {
    const parsed: unknown = JSON.parse(answer.text);
    const again: unknown = JSON.parse(String(reply.serialize(parsed)));
    if (!isDeepStrictEqual(again, parsed)) {
      throw new Error(`Răspunsul scris de baza de date nu respectă schema rutei ${reply.request.url}`);
    }
  }
  return answer.text;
}
