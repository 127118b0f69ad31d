import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireHoldingScope } from '../../infra/auth.js';
import * as s from './schemas.js';
import * as service from './service.js';

/**
 * The company-request flow: role 4 invites
 * (POST /holding/:holdingId/company-requests) and lists its invitations; the
 * public link page fetches, confirms or rejects by hash.
 */
export async function companyRequestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const ctx = app.ctx;

  app.post(
    '/holding/:holdingId/company-requests',
    {
      schema: {
        tags: ['holding', 'company-requests'],
        summary: 'Invită o firmă de contabilitate să lucreze cu grupul (rolul 4); trimite linkul pe e-mail',
        params: s.holdingParams,
        body: s.createBody,
        response: { 201: s.createdResponse, ...s.errorResponses },
      },
    },
    async (request, reply) => {
      const holdingId = Number(request.params.holdingId);
      const actor = requireHoldingScope(request, holdingId, [4]);
      return reply.status(201).send(await service.createRequest(ctx, actor, holdingId, request.body));
    },
  );

  app.get(
    '/holding/:holdingId/company-requests',
    {
      schema: {
        tags: ['holding', 'company-requests'],
        summary: 'Invitațiile trimise de grup (rolul 4)',
        params: s.holdingParams,
        querystring: s.listQuery,
        response: { 200: s.listResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      const holdingId = Number(request.params.holdingId);
      requireHoldingScope(request, holdingId, [4]);
      return service.listRequests(ctx, holdingId, request.query);
    },
  );

  app.post(
    '/company-requests/:hash',
    {
      schema: {
        tags: ['company-requests'],
        summary: 'Citește o cerere de companie după linkul primit (public)',
        security: [],
        params: s.hashParams,
        response: { 200: s.publicResponse, ...s.errorResponses },
      },
    },
    async (request) => service.showRequest(ctx, request.ip, request.params.hash),
  );

  app.post(
    '/confirm-company/:hash',
    {
      schema: {
        tags: ['company-requests'],
        summary:
          'Confirmă cererea: creează compania și proprietarul (sau leagă compania existentă) și o leagă de grup (public)',
        security: [],
        params: s.hashParams,
        body: s.confirmBody,
        response: { 200: s.confirmedResponse, ...s.errorResponses },
      },
    },
    async (request) => service.confirmRequest(ctx, request.ip, request.params.hash, request.body),
  );

  app.post(
    '/reject-company/:hash',
    {
      schema: {
        tags: ['company-requests'],
        summary: 'Respinge cererea (public)',
        security: [],
        params: s.hashParams,
        response: { 200: s.messageResponse, ...s.errorResponses },
      },
    },
    async (request) => service.rejectRequest(ctx, request.ip, request.params.hash),
  );
}
