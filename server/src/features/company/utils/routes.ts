import type { FastifyInstance } from 'fastify';
import { binarySchema } from '../../files/index.js';
import { authorizeCompany } from '../policy.js';
import { companyParams, errorResponses, messageSchema, pageMetaSchema, type CompanyParams } from '../schemas.js';
import * as service from './service.js';

export const utilSchema = {
  type: 'object',
  required: ['id', 'media_id', 'title', 'description', 'file'],
  properties: {
    id: { type: 'integer' },
    media_id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    file: {
      type: 'object',
      required: ['name', 'mime', 'size'],
      properties: { name: { type: 'string' }, mime: { type: 'string' }, size: { type: 'integer' } },
    },
  },
} as const;
const utilData = { type: 'object', required: ['data'], properties: { data: utilSchema } } as const;

/** Utility files: GET utils, storeUtil, utils/{id}/update, utils/{mediaId} (download), utils/{id}/delete. */
export async function utilRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const tags = ['company: utils'];

  app.get<{ Params: CompanyParams; Querystring: { page?: string; per_page?: string; search?: string } }>(
    '/utils',
    {
      schema: {
        tags,
        summary: 'Fișierele utile ale companiei',
        params: companyParams(),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
            per_page: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$' },
            search: { type: 'string', maxLength: 200 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: { data: { type: 'array', items: utilSchema }, meta: pageMetaSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'utils.list');
      const q = request.query;
      return service.listUtils(ctx, companyId, {
        page: q.page ? Number(q.page) : undefined,
        per_page: q.per_page ? Number(q.per_page) : undefined,
        search: q.search,
      });
    },
  );

  app.post<{ Params: CompanyParams }>(
    '/storeUtil',
    {
      schema: {
        tags,
        summary: 'Adaugă un fișier util (multipart: title, description, file)',
        consumes: ['multipart/form-data'],
        params: companyParams(),
        response: { 201: utilData, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      const actor = authorizeCompany(request, companyId, 'utils.create');
      return reply.code(201).send(await service.createUtil(ctx, request, actor, companyId));
    },
  );

  app.post<{ Params: CompanyParams & { id: string } }>(
    '/utils/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifică un fișier util (JSON {title, description} sau multipart cu fișier nou opțional)',
        consumes: ['application/json', 'multipart/form-data'],
        params: companyParams('id'),
        response: { 200: utilData, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      const actor = authorizeCompany(request, companyId, 'utils.update');
      return service.updateUtil(ctx, request, actor, companyId, Number(request.params.id));
    },
  );

  app.post<{ Params: CompanyParams & { id: string } }>(
    '/utils/:id/delete',
    {
      schema: {
        tags,
        summary: 'Șterge un fișier util (logic)',
        params: companyParams('id'),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'utils.delete');
      return service.deleteUtil(ctx, companyId, Number(request.params.id));
    },
  );

  app.post<{ Params: CompanyParams & { mediaId: string } }>(
    '/utils/:mediaId',
    {
      schema: {
        tags,
        summary: 'Descarcă un fișier util după media_id',
        params: companyParams('mediaId'),
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'utils.get');
      return service.downloadUtil(ctx, reply, companyId, Number(request.params.mediaId));
    },
  );
}
