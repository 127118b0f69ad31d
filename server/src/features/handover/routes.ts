import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.js';
import { binarySchema, errorResponses, idParam, periodSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { HANDOVER_POLICY } from './policy.js';
import * as service from './service.js';

const periodParams = {
  type: 'object',
  required: ['clientId', 'period'],
  properties: { clientId: idParam, period: periodSchema },
} as const;

/** Streams the PDF while it is written; a failure mid-way aborts the answer rather than send half a file. */
function sendPdf(reply: FastifyReply, made: Awaited<ReturnType<typeof service.handover>>): FastifyReply {
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(made.fileName))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  const sent = reply.send(made.doc);
  made.write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'handover pdf failed');
    made.doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return sent;
}

/** The proces-verbal de predare-primire of a closed month (docs/api/month.md, "Months as a whole"). */
export const handoverRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  app.post(
    '/clients/:clientId/periods/:period/handover',
    {
      config: allow(HANDOVER_POLICY, door, 'handover.download'),
      schema: {
        tags: [`${door.tag}: month`],
        summary: 'Procesul-verbal de predare-primire al unei luni închise (PDF); 409 dacă luna nu este închisă',
        params: periodParams,
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.handover(ctx, scopeOf(request), request, Number(request.params.clientId), request.params.period),
      ),
  );
};
