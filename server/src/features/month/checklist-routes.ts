import { errorResponses, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorApp, type Door } from '../doors/index.js';
import * as checklist from './checklist-service.js';
import * as marks from './not-applicable-service.js';
import * as periods from './periods-service.js';
import { MONTH_POLICY } from './policy.js';
import { closeRefusalSchema, notApplicableRefusalSchema } from './refusal-schemas.js';
import {
  clientParams,
  documentSchema,
  itemParams,
  itemSchema,
  metaSchema,
  notApplicableBody,
  openMonthSchema,
  periodBody,
  periodParams,
} from './schemas.js';

/** A client's checklist (both doors), the firm's marks, and the month as a whole. */

const itemAnswer = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: itemSchema },
} as const;

export function checklistRoutes(app: DoorApp, door: Door, tags: string[]): void {
  const ctx = app.ctx;

  app.post(
    '/clients/:clientId/checklist',
    {
      config: allow(MONTH_POLICY, door, 'checklist.read'),
      schema: {
        tags,
        summary: 'Lista lunii unui client: ce datorează, ce a trimis, în ce stare, termenul',
        params: clientParams,
        body: periodBody,
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta', 'extra'],
            properties: {
              data: { type: 'array', items: itemSchema },
              meta: metaSchema,
              extra: { type: 'array', items: documentSchema },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => checklist.checklist(ctx, scopeOf(request), Number(request.params.clientId), request.body.period),
  );

  app.post(
    '/clients/:clientId/open-items',
    {
      config: allow(MONTH_POLICY, door, 'checklist.read'),
      schema: {
        tags,
        summary: 'Ce mai am de trimis: lunile deschise (ultimele 12) cu cerințe lipsă sau respinse',
        params: clientParams,
        response: {
          200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: openMonthSchema } } },
          ...errorResponses,
        },
      },
    },
    async (request) => checklist.openItems(ctx, scopeOf(request), Number(request.params.clientId)),
  );

  if (door.kind === 'company') {
    app.post(
      '/clients/:clientId/checklist/:itemId/not-applicable',
      {
        config: allow(MONTH_POLICY, door, 'items.mark'),
        schema: {
          tags,
          summary:
            'Marchează o cerință a lunii „Nu se aplică” (cu o notă); documentele ei care așteaptă verificarea sunt respinse sau păstrate în afara listei',
          params: itemParams,
          body: notApplicableBody,
          response: { 200: itemAnswer, ...errorResponses, 409: notApplicableRefusalSchema },
        },
      },
      async (request) =>
        marks.markNotApplicable(
          ctx,
          scopeOf(request),
          request,
          Number(request.params.clientId),
          Number(request.params.itemId),
          request.body,
        ),
    );

    app.post(
      '/clients/:clientId/checklist/:itemId/applicable',
      {
        config: allow(MONTH_POLICY, door, 'items.mark'),
        schema: {
          tags,
          summary: 'Anulează „Nu se aplică”',
          params: itemParams,
          response: { 200: itemAnswer, ...errorResponses },
        },
      },
      async (request) =>
        marks.markApplicable(
          ctx,
          scopeOf(request),
          request,
          Number(request.params.clientId),
          Number(request.params.itemId),
        ),
    );

    app.post(
      '/clients/:clientId/periods/:period/close',
      {
        config: allow(MONTH_POLICY, door, 'periods.close'),
        schema: {
          tags,
          summary:
            'Închide luna, doar întreagă (fiecare cerință acceptată sau „Nu se aplică”, niciun document de verificat): documentele ei nu mai pot fi schimbate',
          params: periodParams,
          response: {
            200: {
              type: 'object',
              required: ['message', 'closed_at'],
              properties: { message: { type: 'string' }, closed_at: { type: 'string' } },
            },
            ...errorResponses,
            409: closeRefusalSchema,
          },
        },
      },
      async (request) =>
        periods.closePeriod(ctx, scopeOf(request), request, Number(request.params.clientId), request.params.period),
    );

    app.post(
      '/clients/:clientId/periods/:period/reopen',
      {
        config: allow(MONTH_POLICY, door, 'periods.close'),
        schema: {
          tags,
          summary: 'Redeschide o lună închisă',
          params: periodParams,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) =>
        periods.reopenPeriod(ctx, scopeOf(request), request, Number(request.params.clientId), request.params.period),
    );
  } else {
    app.post(
      '/clients/:clientId/periods/:period/done',
      {
        config: allow(MONTH_POLICY, door, 'periods.done'),
        schema: {
          tags,
          summary: '„Am terminat”: anunță firma de contabilitate că luna e completă',
          params: periodParams,
          response: {
            200: {
              type: 'object',
              required: ['message', 'done_at'],
              properties: { message: { type: 'string' }, done_at: { type: 'string' } },
            },
            ...errorResponses,
          },
        },
      },
      async (request) =>
        periods.markDone(ctx, scopeOf(request), request, Number(request.params.clientId), request.params.period),
    );
  }
}
