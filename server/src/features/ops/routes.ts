import type { FastifyInstance } from 'fastify';
import { ping } from '../../infra/db.js';

const statusSchema = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    message: { type: 'string' },
    checks: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

async function check(run: () => Promise<void>): Promise<'ok' | 'down'> {
  try {
    await run();
    return 'ok';
  } catch {
    return 'down';
  }
}

/** Liveness (/api/health) and readiness (/api/ready: database and storage reachable). */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const { db, storage } = app.ctx;
  app.get('/health', { schema: { tags: ['ops'], security: [], response: { 200: statusSchema } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/ready',
    { schema: { tags: ['ops'], security: [], response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      const checks = { database: await check(() => ping(db)), storage: await check(() => storage.ping()) };
      const ready = checks.database === 'ok' && checks.storage === 'ok';
      reply.header('Cache-Control', 'no-store');
      if (!ready) {
        return reply.status(503).send({
          status: 'down',
          message: 'Serviciul nu este pregătit: baza de date sau stocarea nu răspund.',
          checks,
        });
      }
      return { status: 'ok', checks };
    },
  );
}
