import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { assertWritable } from './limits.js';
import type { TenantRef } from './tenant.js';

/**
 * The tenant calls that change something: their last path segment is
 * create…, store…, update…, delete, notify, transferCategory, restore or bulk
 * (reads are POSTs too — clients, clients/{id}, media/{id}, collection, trash, utils/{id}).
 */
const WRITE_CALL = /\/(create\w*|store\w*|update\w*|delete|notify|transferCategory|restore|bulk)$/;

export const isWriteCall = (routeUrl: string): boolean => WRITE_CALL.test(routeUrl);

/**
 * Makes a company or holding area read-only once its subscription period has
 * ended: every write call of the plugin `app` answers 402 (Romanian message)
 * until a payment goes through; reads keep working and nothing is deleted.
 * `tenantOf` names the tenant the request was already authorised for (the door's
 * scope), or null when it was not (then the route's own answer stands, so the
 * guard never reveals another tenant's billing state).
 */
export function registerReadOnlyGuard(
  app: FastifyInstance,
  tenantOf: (request: FastifyRequest) => TenantRef | null,
): void {
  const guard: preHandlerHookHandler = (request, _reply, done) => {
    const tenant = tenantOf(request);
    if (!tenant) return done();
    assertWritable(app.ctx.db, tenant).then(
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
