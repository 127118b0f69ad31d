import { errorResponses, pageMetaSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorApp, type Door } from '../doors/index.js';
import { MONTH_POLICY } from './policy.js';
import * as views from './portfolio-service.js';
import * as review from './review-service.js';
import {
  countsSchema,
  documentSchema,
  mediaParams,
  monthsBody,
  namedSchema,
  portfolioBody,
  queueBody,
  reviewBody,
  reviewManyBody,
  statusSchema,
} from './schemas.js';

/** The firm's review of documents and its views over every client (company door). */

const named = { ...namedSchema, type: 'object' } as const;
const nullableString = { type: ['string', 'null'] } as const;

const portfolioAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['client', 'counts', 'total', 'complete', 'closed', 'done', 'due_date', 'days_left', 'items'],
        properties: {
          client: {
            type: 'object',
            required: ['id', 'name', 'cui', 'holding'],
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              cui: nullableString,
              holding: namedSchema,
            },
          },
          counts: countsSchema,
          total: { type: 'integer' },
          complete: { type: 'boolean' },
          closed: { type: 'boolean' },
          done: { type: 'boolean' },
          due_date: { type: 'string' },
          days_left: { type: 'integer' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'requirement_id', 'name', 'status'],
              properties: {
                id: { type: ['integer', 'null'] },
                requirement_id: { type: 'integer' },
                name: { type: 'string' },
                status: statusSchema,
              },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'period'],
      properties: { ...pageMetaSchema.properties, period: { type: 'string' } },
    },
  },
} as const;

const monthsAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['client', 'months'],
        properties: {
          client: named,
          months: {
            type: 'array',
            items: {
              type: 'object',
              required: ['period', 'total', 'counts', 'complete', 'closed'],
              properties: {
                period: { type: 'string' },
                total: { type: 'integer' },
                counts: countsSchema,
                complete: { type: 'boolean' },
                closed: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'periods'],
      properties: { ...pageMetaSchema.properties, periods: { type: 'array', items: { type: 'string' } } },
    },
  },
} as const;

const queueAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'name',
          'mime',
          'size',
          'created_at',
          'period',
          'category',
          'client',
          'item',
          'uploaded_by_name',
        ],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          mime: { type: 'string' },
          size: { type: 'integer' },
          created_at: { type: 'string' },
          period: nullableString,
          category: namedSchema,
          client: named,
          item: namedSchema,
          uploaded_by_name: nullableString,
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'done'],
      properties: {
        ...pageMetaSchema.properties,
        done: {
          type: 'array',
          items: {
            type: 'object',
            required: ['client', 'period', 'done_at', 'done_by_name'],
            properties: {
              client: named,
              period: { type: 'string' },
              done_at: { type: 'string' },
              done_by_name: nullableString,
            },
          },
        },
      },
    },
  },
} as const;

export function reviewRoutes(app: DoorApp, door: Door, tags: string[]): void {
  const ctx = app.ctx;
  if (door.kind !== 'company') return;

  app.post(
    '/clients/:clientId/media/:mediaId/review',
    {
      config: allow(MONTH_POLICY, door, 'review'),
      schema: {
        tags,
        summary: 'Acceptă sau respinge (cu motiv) un document al clientului',
        params: mediaParams,
        body: reviewBody,
        response: {
          200: {
            type: 'object',
            required: ['message', 'data'],
            properties: { message: { type: 'string' }, data: documentSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) =>
      review.reviewOne(
        ctx,
        scopeOf(request),
        request,
        Number(request.params.clientId),
        Number(request.params.mediaId),
        request.body,
      ),
  );

  app.post(
    '/review',
    {
      config: allow(MONTH_POLICY, door, 'review'),
      schema: {
        tags,
        summary: 'Acceptă sau respinge 1–100 de documente ale clienților deodată; totul sau nimic',
        body: reviewManyBody,
        response: {
          200: {
            type: 'object',
            required: ['message', 'count'],
            properties: { message: { type: 'string' }, count: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => review.reviewMany(ctx, scopeOf(request), request, request.body),
  );

  app.post(
    '/review-queue',
    {
      config: allow(MONTH_POLICY, door, 'review'),
      schema: {
        tags,
        summary: 'Documentele care așteaptă verificarea, cele mai noi întâi; lunile terminate de clienți',
        body: queueBody,
        response: { 200: queueAnswer, ...errorResponses },
      },
    },
    async (request) => views.reviewQueue(ctx, scopeOf(request), request.body ?? {}),
  );

  app.post(
    '/review-queue/count',
    {
      config: allow(MONTH_POLICY, door, 'review'),
      schema: {
        tags,
        summary: 'Câte documente așteaptă verificarea și câte luni au fost anunțate terminate',
        response: {
          200: {
            type: 'object',
            required: ['count', 'done'],
            properties: { count: { type: 'integer' }, done: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => views.reviewCount(ctx, scopeOf(request)),
  );

  app.post(
    '/checklist',
    {
      config: allow(MONTH_POLICY, door, 'portfolio'),
      schema: {
        tags,
        summary: 'Luna tuturor clienților: câte cerințe are fiecare în fiecare stare',
        body: portfolioBody,
        response: { 200: portfolioAnswer, ...errorResponses },
      },
    },
    async (request) => views.portfolio(ctx, scopeOf(request), request.body),
  );

  app.post(
    '/checklist/months',
    {
      config: allow(MONTH_POLICY, door, 'portfolio'),
      schema: {
        tags,
        summary: 'Mai multe luni ale clienților, una lângă alta',
        body: monthsBody,
        response: { 200: monthsAnswer, ...errorResponses },
      },
    },
    async (request) => views.portfolioMonths(ctx, scopeOf(request), request.body),
  );
}
