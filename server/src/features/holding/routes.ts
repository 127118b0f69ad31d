import type { FastifyInstance } from 'fastify';
import { requireHoldingScope } from '../../infra/auth.js';
import type { Role } from '../../db/schema.js';
import * as s from './schemas.js';
import * as service from './service.js';
import { registerReadOnlyGuard } from '../billing/index.js';

/**
 * Holding calls of SPEC §7 under /api/holding/:holdingId (the client area,
 * roles 4 and 5; role 4 only for its extras, SPEC §6). Documents and utility
 * files are served on the holding door by features/documents and
 * features/utility-files.
 */

const BOTH: readonly Role[] = [4, 5];
const ADMIN: readonly Role[] = [4];

interface HoldingParams {
  holdingId: string;
}
interface ObjectParams extends HoldingParams {
  id: string;
}

const tags = ['holding'];

export async function holdingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  // A holding whose subscription period ended is read-only (402 on writes) until it pays.
  registerReadOnlyGuard(app, 'holding');
  const scope = (request: Parameters<typeof requireHoldingScope>[0], holdingId: string, roles: readonly Role[]) =>
    requireHoldingScope(request, Number(holdingId), roles);

  app.post<{
    Params: HoldingParams;
    Body:
      | (service.ListInput<'name' | 'created_at' | 'documents_count' | 'last_upload_at' | 'new_count'> & {
          company_id?: number;
        })
      | null;
  }>(
    '/holding/:holdingId/index',
    {
      schema: {
        tags,
        summary: 'Clienții grupului, cu documentele pe luni și cele noi de la ultima vizită (rolurile 4, 5)',
        params: s.holdingParams,
        body: s.indexBody,
        response: { 200: s.indexResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      const actor = scope(request, request.params.holdingId, BOTH);
      return service.listClients(ctx, actor, Number(request.params.holdingId), request.body);
    },
  );

  app.post<{ Params: HoldingParams; Body: service.ClientInput & { company_id: number; name: string; cui: string } }>(
    '/holding/:holdingId/clients/store',
    {
      schema: {
        tags,
        summary: 'Creează un client la una dintre companiile grupului (rolul 4)',
        params: s.holdingParams,
        body: s.clientStoreBody,
        response: { 201: s.clientSavedResponse, ...s.errorResponses },
      },
    },
    async (request, reply) => {
      scope(request, request.params.holdingId, ADMIN);
      const result = await service.storeClient(ctx, Number(request.params.holdingId), request.body);
      return reply.status(201).send(result);
    },
  );

  app.post<{ Params: ObjectParams; Body: { period?: string; category_id?: number } | null }>(
    '/holding/:holdingId/clients/:id',
    {
      schema: {
        tags,
        summary: 'Un client al grupului, cu categoriile și documentele lui (rolurile 4, 5)',
        params: s.holdingObjectParams,
        body: s.clientShowBody,
        response: { 200: s.clientShowResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      const actor = scope(request, request.params.holdingId, BOTH);
      return service.showClient(ctx, actor, Number(request.params.holdingId), Number(request.params.id), request.body);
    },
  );

  app.post<{ Params: ObjectParams; Body: service.ClientInput }>(
    '/holding/:holdingId/clients/:id/update',
    {
      schema: {
        tags,
        summary: 'Actualizează un client al grupului (rolul 4)',
        params: s.holdingObjectParams,
        body: s.clientUpdateBody,
        response: { 200: s.clientSavedResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, ADMIN);
      return service.updateClient(ctx, Number(request.params.holdingId), Number(request.params.id), request.body);
    },
  );

  app.post<{ Params: ObjectParams }>(
    '/holding/:holdingId/clients/:id/delete',
    {
      schema: {
        tags,
        summary: 'Șterge (logic) un client al grupului (rolul 4)',
        params: s.holdingObjectParams,
        response: { 200: s.messageSchema, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, ADMIN);
      return service.deleteClient(ctx, Number(request.params.holdingId), Number(request.params.id));
    },
  );

  app.get<{ Params: HoldingParams; Querystring: service.ListInput<'name' | 'linked_at'> }>(
    '/holding/:holdingId/companies',
    {
      schema: {
        tags,
        summary: 'Companiile de contabilitate cu care lucrează grupul (rolurile 4, 5)',
        params: s.holdingParams,
        querystring: s.companiesQuery,
        response: { 200: s.companiesResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, BOTH);
      return service.listCompanies(ctx, Number(request.params.holdingId), request.query);
    },
  );

  app.post<{ Params: ObjectParams }>(
    '/holding/:holdingId/company/:id/delete',
    {
      schema: {
        tags,
        summary: 'Elimină o companie din grup, fără să piardă date (rolul 4)',
        params: s.holdingObjectParams,
        response: { 200: s.messageSchema, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, ADMIN);
      return service.unlinkCompany(ctx, Number(request.params.holdingId), Number(request.params.id));
    },
  );

  app.get<{ Params: HoldingParams; Querystring: service.ListInput<'name' | 'email' | 'role' | 'created_at'> }>(
    '/holding/:holdingId/users',
    {
      schema: {
        tags,
        summary: 'Utilizatorii grupului, rolurile 4 și 5 (rolul 4)',
        params: s.holdingParams,
        querystring: s.usersQuery,
        response: { 200: s.usersResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, ADMIN);
      return service.listUsers(ctx, Number(request.params.holdingId), request.query);
    },
  );

  app.post<{ Params: HoldingParams; Body: { name: string; email: string; role: 4 | 5 } }>(
    '/holding/:holdingId/storeUser',
    {
      schema: {
        tags,
        summary: 'Creează un utilizator al grupului; primește un e-mail pentru setarea parolei (rolul 4)',
        params: s.holdingParams,
        body: s.storeUserBody,
        response: { 201: s.userSavedResponse, ...s.errorResponses },
      },
    },
    async (request, reply) => {
      const actor = scope(request, request.params.holdingId, ADMIN);
      const result = await service.storeUser(ctx, actor, Number(request.params.holdingId), request.body);
      return reply.status(201).send(result);
    },
  );

  app.post<{ Params: ObjectParams; Body: { name?: string; email?: string; role?: 4 | 5 } }>(
    '/holding/:holdingId/users/:id/update',
    {
      schema: {
        tags,
        summary: 'Actualizează un utilizator al grupului (rolul 4)',
        params: s.holdingObjectParams,
        body: s.updateUserBody,
        response: { 200: s.userSavedResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, ADMIN);
      return service.updateUser(ctx, Number(request.params.holdingId), Number(request.params.id), request.body);
    },
  );

  app.post<{ Params: ObjectParams }>(
    '/holding/:holdingId/users/:id/delete',
    {
      schema: {
        tags,
        summary: 'Șterge (logic) un utilizator al grupului și îi închide sesiunile (rolul 4)',
        params: s.holdingObjectParams,
        response: { 200: s.messageSchema, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, ADMIN);
      return service.deleteUser(ctx, Number(request.params.holdingId), Number(request.params.id));
    },
  );
}
