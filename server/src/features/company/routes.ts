import type { FastifyInstance } from 'fastify';
import { drainRequestBody, MAX_FILES_PER_UPLOAD } from '../documents/index.js';
import { clientRoutes } from './clients/routes.js';
import { holdingRoutes } from './holdings/routes.js';
import { userRoutes } from './users/routes.js';
import { registerReadOnlyGuard } from '../billing/index.js';

/**
 * The company area API (SPEC §7, prefix /api/company/{companyId}); every
 * route authorises through policy.ts and scopes its queries by company_id.
 * POST /api/company/create (registration) and billing live elsewhere.
 */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(
    async (scoped) => {
      // A company whose subscription period ended is read-only (402 on writes) until it pays.
      registerReadOnlyGuard(scoped, 'company');
      // POST calls whose payload is optional (the client view, downloads, deletes) may come without a body.
      scoped.addHook('preValidation', (request, _reply, done) => {
        if (request.body === undefined || request.body === null) {
          if (!request.isMultipart()) request.body = {};
        }
        done();
      });
      // A refused upload (402, 403, 404, 413, 422) reads the rest of its body first, so the browser gets our answer.
      scoped.addHook('onSend', (request, reply, payload, done) => {
        if (reply.statusCode < 400 || !request.isMultipart()) return done(null, payload);
        drainRequestBody(request, ctx.config.uploadMaxBytes * MAX_FILES_PER_UPLOAD).then(
          () => done(null, payload),
          (error: Error) => done(error),
        );
      });
      await scoped.register(clientRoutes);
      await scoped.register(holdingRoutes);
      await scoped.register(userRoutes);
    },
    { prefix: '/company/:companyId' },
  );
}
