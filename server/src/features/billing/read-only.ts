import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { assertWritable } from './limits.js';

/**
 * The tenant calls that change something: their last path segment is
 * create…, store…, update…, delete, notify or transferCategory (reads are
 * POSTs too — clients, clients/{id}, media/{id}, collection, utils/{id}).
 */
const WRITE_CALL = /\/(create\w*|store\w*|update\w*|delete|notify|transferCategory)$/;

export const isWriteCall = (routeUrl: string): boolean => WRITE_CALL.test(routeUrl);

/**
 * Makes a company or holding area read-only once its subscription period has
 * ended: every write call of the plugin `app` answers 402 (Romanian message)
 * until a payment goes through; reads keep working and nothing is deleted.
 * Register it once in the area's plugin: `registerReadOnlyGuard(scoped, 'company')`.
 * Callers from another tenant are left to the route's own scope check (404),
 * so the guard never reveals another tenant's billing state.
 */
export function registerReadOnlyGuard(app: FastifyInstance, kind: 'company' | 'holding'): void {
  const guard: preHandlerHookHandler = (request, _reply, done) => {
    const params = request.params as Record<string, string | undefined>;
    const id = Number(kind === 'company' ? params.companyId : params.holdingId);
    const actor = request.actor;
    if (!actor || !Number.isSafeInteger(id)) return done();
    if ((kind === 'company' ? actor.company_id : actor.holding_id) !== id) return done();
    assertWritable(app.ctx.db, kind === 'company' ? { companyId: id } : { holdingId: id }).then(
      () => done(),
      (error: Error) => done(error),
    );
  };
  // Only the write calls carry the guard: a read pays nothing for it.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || !isWriteCall(route.url)) return;
    const own =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [guard, ...own];
  });
}
