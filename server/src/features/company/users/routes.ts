import type { FastifyInstance } from 'fastify';
import { authorizeCompany } from '../policy.js';
import { companyParams, errorResponses, messageSchema, pageMetaSchema, type CompanyParams } from '../schemas.js';
import * as service from './service.js';

const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'invited'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    created_at: { type: 'string' },
    last_seen_at: { type: ['string', 'null'] },
    invited: { type: 'boolean' },
  },
} as const;
const userData = { type: 'object', required: ['data'], properties: { data: userSchema } } as const;
const nameField = { type: 'string', minLength: 1, maxLength: 200 } as const;
const emailField = { type: 'string', minLength: 3, maxLength: 254 } as const;
const roleField = { type: 'integer', enum: [2, 3] } as const;

type UserParams = CompanyParams & { id: string };

/** Company users of roles 2 and 3: GET users, storeUser, users/{id}/update, users/{id}/delete. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const tags = ['company: users'];

  app.get<{ Params: CompanyParams; Querystring: { page?: string; per_page?: string; search?: string } }>(
    '/users',
    {
      schema: {
        tags,
        summary: 'Utilizatorii companiei (rol 2 și 3)',
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
            properties: { data: { type: 'array', items: userSchema }, meta: pageMetaSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'users.list');
      const q = request.query;
      return service.listUsers(ctx, companyId, {
        page: q.page ? Number(q.page) : undefined,
        per_page: q.per_page ? Number(q.per_page) : undefined,
        search: q.search,
      });
    },
  );

  app.post<{ Params: CompanyParams; Body: { name: string; email: string; role: 2 | 3 } }>(
    '/storeUser',
    {
      schema: {
        tags,
        summary: 'Adaugă un utilizator (primește pe e-mail un link pentru parolă)',
        params: companyParams(),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email', 'role'],
          properties: { name: nameField, email: emailField, role: roleField },
        },
        response: { 201: userData, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'users.create');
      return reply.code(201).send(await service.createUser(ctx, companyId, request.body));
    },
  );

  app.post<{ Params: UserParams; Body: { name?: string; email?: string; role?: 2 | 3 } }>(
    '/users/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifică un utilizator (nume, e-mail, rol); ultimul proprietar rămâne proprietar',
        params: companyParams('id'),
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { name: nameField, email: emailField, role: roleField },
        },
        response: { 200: userData, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'users.update');
      return service.updateUser(ctx, companyId, Number(request.params.id), request.body);
    },
  );

  app.post<{ Params: UserParams }>(
    '/users/:id/delete',
    {
      schema: {
        tags,
        summary: 'Șterge un utilizator (logic; îi închide sesiunile)',
        params: companyParams('id'),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      const actor = authorizeCompany(request, companyId, 'users.delete');
      return service.deleteUser(ctx, actor, companyId, Number(request.params.id));
    },
  );
}
