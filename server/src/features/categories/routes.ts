import { errorResponses, idParam, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { CATEGORIES_POLICY } from './policy.js';
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

/**
 * Company door: GET categories (the list the categories screen needs), storeCategory, update,
 * updatePosition, delete, transferCategory. The holding door has none of them.
 */
export const categoryRoutes: DoorRoutes = (app, door) => {
  if (door.kind !== 'company') return;
  const ctx = app.ctx;
  const tags = ['company: categories'];

  app.get(
    '/categories',
    {
      config: allow(CATEGORIES_POLICY, door, 'categories.list'),
      schema: {
        tags,
        summary:
          'Setul de categorii: implicit, sau al unui holding (?holding_id=); inherited = holdingul folosește setul implicit',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { holding_id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
        },
        response: { 200: categoryList, ...errorResponses },
      },
    },
    async (request) => {
      const holdingId = request.query.holding_id ? Number(request.query.holding_id) : null;
      return service.listCategories(ctx, scopeOf(request), holdingId || null);
    },
  );

  app.post(
    '/storeCategory',
    {
      config: allow(CATEGORIES_POLICY, door, 'categories.create'),
      schema: {
        tags,
        summary: 'Adaugă o categorie (setul implicit sau al unui holding)',
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
      return reply.code(201).send(await service.createCategory(ctx, scopeOf(request), request.body));
    },
  );

  app.post(
    '/categories/updatePosition',
    {
      config: allow(CATEGORIES_POLICY, door, 'categories.reorder'),
      schema: {
        tags,
        summary: 'Reordonează categoriile unui set (ids în noua ordine)',
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
      return service.reorderCategories(ctx, scopeOf(request), request.body);
    },
  );

  app.post(
    '/categories/:id/update',
    {
      config: allow(CATEGORIES_POLICY, door, 'categories.update'),
      schema: {
        tags,
        summary: 'Redenumește o categorie',
        params: idParams,
        body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: nameField } },
        response: { 200: categoryData, ...errorResponses },
      },
    },
    async (request) => {
      return service.renameCategory(ctx, scopeOf(request), Number(request.params.id), request.body.name);
    },
  );

  app.post(
    '/categories/:id/delete',
    {
      config: allow(CATEGORIES_POLICY, door, 'categories.delete'),
      schema: {
        tags,
        summary: 'Șterge o categorie (logic; documentele își păstrează categoria)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      return service.deleteCategory(ctx, scopeOf(request), Number(request.params.id));
    },
  );

  app.post(
    '/holdings/:holdingId/transferCategory',
    {
      config: allow(CATEGORIES_POLICY, door, 'categories.transfer'),
      schema: {
        tags,
        summary: 'Copiază setul de categorii al holdingului {holdingId} (sau setul implicit) în holdingul holding_id',
        params: { type: 'object', required: ['holdingId'], properties: { holdingId: idParam } },
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
      return service.transferCategories(
        ctx,
        scopeOf(request),
        Number(request.params.holdingId),
        request.body.holding_id,
      );
    },
  );
};
