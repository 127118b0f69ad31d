import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * When the request a piece of code serves reached its handler, for the embedded database's queue
 * (yielding-dialect.ts: the oldest request's statement goes first). Registered only on PGlite: on
 * PostgreSQL nothing reads it, and an AsyncLocalStorage that never runs costs the promises nothing.
 */
const clock = new AsyncLocalStorage<number>();

/** Runs `work` as part of a request whose handler started at `startedAt` (performance.now()). */
export const duringRequest = <T>(startedAt: number, work: () => T): T => clock.run(startedAt, work);

/** When the request this code serves reached its handler; now, outside any request (jobs, boot). */
export const requestStartedAt = (): number => clock.getStore() ?? performance.now();

/**
 * Starts each request's clock once its body is read (a JSON body is parsed in the request stream's
 * callbacks, which would not carry it), before its handler and everything the handler awaits.
 */
export function registerRequestClock(app: FastifyInstance): void {
  app.addHook('preHandler', (_request, _reply, done) => duringRequest(performance.now(), done));
}
