import type { FastifyInstance } from 'fastify';
import { authorizeCompany } from '../policy.js';
import {
  companyParams,
  errorResponses,
  messageSchema,
  pageMetaSchema,
  pagingProperties,
  type CompanyParams,
} from '../schemas.js';
import * as service from './service.js';

const holdingSchema = {
  type: 'object',
  required: ['id', 'name', 'cui', 'email', 'clients_count', 'users_count', 'admins_count', 'categories_count'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cui: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    linked_at: { type: 'string' },
    clients_count: { type: 'integer' },
    users_count: { type: 'integer' },
    admins_count: { type: 'integer' },
    categories_count: { type: 'integer' },
  },
} as const;

/** holdings (list), holdings/{id}/notify, holdings/{id}/delete. transferCategory lives with the categories. */
export async function holdingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const tags = ['company: holdings'];

  app.post<{ Params: CompanyParams; Body: service.HoldingListBody }>(
    '/holdings',
    {
      schema: {
        tags,
        summary: 'Grupurile cu care lucrează compania (filtre: search, page, per_page, sort)',
        params: companyParams(),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...pagingProperties, sort: { type: 'string', enum: ['name', 'created_at'] } },
        },
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: { data: { type: 'array', items: holdingSchema }, meta: pageMetaSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'holdings.list');
      return service.listHoldings(ctx, companyId, request.body);
    },
  );

  app.post<{ Params: CompanyParams & { holdingId: string }; Body: { message: string; subject?: string | null } }>(
    '/holdings/:holdingId/notify',
    {
      schema: {
        tags,
        summary: 'Notifică grupul: invitație pentru un cont de administrator (rol 4) dacă nu are, altfel mesajul',
        params: companyParams('holdingId'),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['message'],
          properties: {
            subject: { type: ['string', 'null'], maxLength: 200 },
            message: { type: 'string', minLength: 1, maxLength: 5000 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['message', 'invited', 'recipients'],
            properties: { message: { type: 'string' }, invited: { type: 'boolean' }, recipients: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'holdings.notify');
      return service.notifyHolding(ctx, companyId, Number(request.params.holdingId), request.body);
    },
  );

  app.post<{ Params: CompanyParams & { holdingId: string } }>(
    '/holdings/:holdingId/delete',
    {
      schema: {
        tags,
        summary: 'Elimină grupul din companie (clienții și documentele rămân)',
        params: companyParams('holdingId'),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'holdings.delete');
      return service.unlinkHolding(ctx, companyId, Number(request.params.holdingId));
    },
  );
}
