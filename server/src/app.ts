import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './infra/context.js';
import { registerErrorHandler, sendError } from './infra/error-handler.js';
import { errors } from './infra/errors.js';
import { redactUrl } from './lib/redact-url.js';
import { PERIOD_FORMAT, periodPattern } from './lib/http-schemas.js';
import { isSanePeriod } from './lib/ro-calendar.js';
import { logDestination, type LogStream } from './infra/log-format.js';
import { registerAuth } from './infra/auth.js';
import { registerSecurity } from './infra/security.js';
import { features } from './features/index.js';
import { webRoutes } from './features/web/routes.js';
import { startJobQueue, type JobQueue } from './infra/jobs.js';
import type { QueueDb } from './infra/queue-db.js';
import { jobs } from './features/jobs.js';

/** One line per request, written when it ends, instead of Fastify's two: half the log writes on the hot path. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

const PERIOD_SHAPE = new RegExp(periodPattern);

export interface BuildOptions {
  /** Sees every route as it registers (tests build the route table from it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (tests read them), in config.logFormat. */
  logStream?: LogStream;
  /** The database for the job queue (infra/jobs.ts); without it (tests) no background job runs. */
  queueDb?: QueueDb;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const stream = await logDestination(config, options.logStream);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      // The logged URL without its secrets (company-request hashes, tokens): lib/redact-url.ts.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(stream ? { stream } : {}),
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        allErrors: true,
        // A month out of Dosar's window; a malformed one is the pattern's to refuse (one message, not two).
        formats: { [PERIOD_FORMAT]: (value: string) => !PERIOD_SHAPE.test(value) || isSanePeriod(value) },
      },
    },
    // A URL the router can't decode (`%C0%AF`) or a path parameter over 100 characters: Romanian JSON like every error.
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? errors.urlTooLong() : errors.badUrl()),
  });
  app.decorate('ctx', ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandler(app);
  await app.register(cookie);
  await registerSecurity(app, config);
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 100, fields: 50, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Dosar API', version: '1.0.0', description: 'API-ul portalului Dosar.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuth(app, ctx.db, ctx.config);
  for (const feature of features) await app.register(feature, { prefix: '/api' });
  await app.register(webRoutes);

  // The background jobs (features/jobs.ts and the mail outbox) run on the job queue from ready to close
  // (docs/ARCHITECTURE.md, "Background jobs"). Tests (NODE_ENV=test) call each job's work themselves
  // (drainOutbox, a JobDefinition's run), so nothing races them.
  let queue: JobQueue | null = null;
  app.addHook('onReady', async () => {
    if (config.env !== 'test' && options.queueDb) {
      queue = await startJobQueue({ ctx, db: options.queueDb, jobs, log: app.log });
    }
  });
  app.addHook('onClose', async () => {
    await queue?.close();
  });
  return app;
}
