import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { binarySchema, errorResponses, idParam, nullablePeriodSchema, pageOf } from '../../lib/http-schemas.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { allow, scopeOf, type Door, type DoorApp, type DoorRoutes } from '../doors/index.js';
import { ACTIVITY_POLICY } from './policy.js';
import * as service from './service.js';

const clientParams = { type: 'object', required: ['clientId'], properties: { clientId: idParam } } as const;

const namedRef = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

const eventSchema = {
  type: 'object',
  required: [
    'id',
    'action',
    'label',
    'created_at',
    'actor_name',
    'side',
    'ip',
    'user_agent',
    'period',
    'document',
    'details',
  ],
  properties: {
    id: { type: 'integer' },
    action: { type: 'string' },
    label: { type: 'string' },
    created_at: { type: 'string' },
    actor_name: { type: ['string', 'null'] },
    side: { type: ['string', 'null'], enum: ['company', 'holding', null] },
    ip: { type: ['string', 'null'] },
    user_agent: { type: ['string', 'null'] },
    period: { type: ['string', 'null'] },
    document: namedRef,
    details: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

const historyBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    period: nullablePeriodSchema,
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

const exportBody = {
  type: 'object',
  additionalProperties: false,
  properties: { period: nullablePeriodSchema },
} as const;

/** A CSV download, streamed batch by batch (the schema documents it; a stream is never serialised). */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition(fileName))
    .header('Cache-Control', 'private, no-store')
    .send(csv);
}

/** A client's history (docs/api/month.md, "History"): the list on both doors, the CSV on the firm's. */
export const activityRoutes: DoorRoutes = (app, door) => historyRoutes(app, door, { db: app.ctx.db });

function historyRoutes(app: DoorApp, door: Door, ctx: Pick<AppContext, 'db'>): void {
  const tags = [`${door.tag}: month`];

  app.post(
    '/clients/:clientId/activity',
    {
      config: allow(ACTIVITY_POLICY, door, 'activity.list'),
      schema: {
        tags,
        summary: 'Istoricul clientului: cine, ce, când, de unde (cele mai noi întâi; opțional o lună)',
        params: clientParams,
        body: historyBody,
        response: { 200: pageOf(eventSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.clientHistory(ctx, scopeOf(request), Number(request.params.clientId), request.body ?? {}),
  );

  if (door.kind === 'company') {
    app.post(
      '/clients/:clientId/activity/export',
      {
        config: allow(ACTIVITY_POLICY, door, 'activity.export'),
        schema: {
          tags,
          summary: 'Istoricul clientului ca CSV (UTF-8 cu BOM, separat prin „;”, cum îl deschide Excel în română)',
          produces: ['text/csv'],
          params: clientParams,
          body: exportBody,
          response: { 200: binarySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { fileName, csv } = await service.historyCsv(
          ctx,
          scopeOf(request),
          Number(request.params.clientId),
          request.body?.period,
        );
        return sendCsv(reply, fileName, csv);
      },
    );
  }
}
