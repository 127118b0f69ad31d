import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorApp, type Door } from '../doors/index.js';
import { MONTH_POLICY } from './policy.js';
import * as views from './portfolio-service.js';
import * as review from './review-service.js';
import {
  documentSchema,
  mediaParams,
  monthsBody,
  portfolioBody,
  queueBody,
  reviewBody,
  reviewManyBody,
} from './schemas.js';
import { monthsAnswer, portfolioAnswer, queueAnswer } from './view-schemas.js';

/** The firm's review of documents and its views over every client (company door). */

export function reviewRoutes(app: DoorApp, door: Door, tags: string[]): void {
  const ctx = app.ctx;
  if (door.kind !== 'company') return;

  app.post(
    '/clients/:clientId/media/:mediaId/review',
    {
      config: allow(MONTH_POLICY, door, 'review.decide'),
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
      config: allow(MONTH_POLICY, door, 'review.decide'),
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
      config: allow(MONTH_POLICY, door, 'review.queue'),
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
      config: allow(MONTH_POLICY, door, 'review.queue'),
      schema: {
        tags,
        summary: 'Câte documente așteaptă verificarea și câte luni au fost anunțate terminate',
        body: { type: 'object', additionalProperties: false, properties: {} },
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
