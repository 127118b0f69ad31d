import type { FastifyInstance } from 'fastify';
import { authorizeCompany } from '../policy.js';
import { companyParams, errorResponses, messageSchema, type CompanyParams } from '../schemas.js';
import { categorySchema } from './presenter.js';
import * as service from './service.js';

const holdingIdField = { type: ['integer', 'null'], minimum: 1, maximum: 999999999 } as const;
const nameField = { type: 'string', minLength: 1, maxLength: 100 } as const;
const categoryData = { type: 'object', required: ['data'], properties: { data: categorySchema } } as const;
const categoryList = {
  type: 'object',
  required: ['data'],
  properties: {
    data: { type: 'array', items: categorySchema },
    holding_id: { type: ['integer', 'null'] },
    inherited: { type: 'boolean' },
    copied: { type: 'integer' },
  },
} as const;

/** GET categories (not in SPEC: the list the categories screen needs), storeCategory, update, updatePosition, delete, transferCategory. */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const tags = ['company: categories'];

  app.get<{ Params: CompanyParams; Querystring: { holding_id?: string } }>(
    '/categories',
    {
      schema: {
        tags,
        summary:
          'Setul de categorii: implicit, sau al unui grup (?holding_id=); inherited = grupul folosește setul implicit',
        params: companyParams(),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { holding_id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
        },
        response: { 200: categoryList, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'categories.list');
      const holdingId = request.query.holding_id ? Number(request.query.holding_id) : null;
      return service.listCategories(ctx, companyId, holdingId || null);
    },
  );

  app.post<{ Params: CompanyParams; Body: { name: string; holding_id?: number | null } }>(
    '/storeCategory',
    {
      schema: {
        tags,
        summary: 'Adaugă o categorie (setul implicit sau al unui grup)',
        params: companyParams(),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: nameField, holding_id: holdingIdField },
        },
        response: { 201: categoryData, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'categories.create');
      return reply.code(201).send(await service.createCategory(ctx, companyId, request.body));
    },
  );

  app.post<{ Params: CompanyParams; Body: { ids: number[]; holding_id?: number | null } }>(
    '/categories/updatePosition',
    {
      schema: {
        tags,
        summary: 'Reordonează categoriile unui set (ids în noua ordine)',
        params: companyParams(),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ids'],
          properties: {
            ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 999999999 }, maxItems: 1000 },
            holding_id: holdingIdField,
          },
        },
        response: { 200: categoryList, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'categories.reorder');
      return service.reorderCategories(ctx, companyId, request.body);
    },
  );

  app.post<{ Params: CompanyParams & { id: string }; Body: { name: string } }>(
    '/categories/:id/update',
    {
      schema: {
        tags,
        summary: 'Redenumește o categorie',
        params: companyParams('id'),
        body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: nameField } },
        response: { 200: categoryData, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'categories.update');
      return service.renameCategory(ctx, companyId, Number(request.params.id), request.body.name);
    },
  );

  app.post<{ Params: CompanyParams & { id: string } }>(
    '/categories/:id/delete',
    {
      schema: {
        tags,
        summary: 'Șterge o categorie (logic; documentele își păstrează categoria)',
        params: companyParams('id'),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'categories.delete');
      return service.deleteCategory(ctx, companyId, Number(request.params.id));
    },
  );

  app.post<{ Params: CompanyParams & { holdingId: string }; Body: { holding_id: number } }>(
    '/holdings/:holdingId/transferCategory',
    {
      schema: {
        tags,
        summary: 'Copiază setul de categorii al grupului {holdingId} (sau setul implicit) în grupul holding_id',
        params: companyParams('holdingId'),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['holding_id'],
          properties: { holding_id: { type: 'integer', minimum: 1, maximum: 999999999 } },
        },
        response: { 200: categoryList, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'holdings.transferCategory');
      return service.transferCategories(ctx, companyId, Number(request.params.holdingId), request.body.holding_id);
    },
  );
}
