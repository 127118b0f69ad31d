import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { COMPANY_REQUEST_POLICY } from './policy.js';
import * as s from './schemas.js';
import * as service from './service.js';

/**
 * The holding's side of the company-request flow, on the holding door only: its administrator (role 4)
 * invites an accounting company (POST /holding/{holdingId}/company-requests) and lists its invitations.
 */
export const companyRequestDoorRoutes: DoorRoutes = (app, door) => {
  if (door.kind !== 'holding') return;
  const { ctx } = app;

  app.post(
    '/company-requests',
    {
      config: allow(COMPANY_REQUEST_POLICY, door, 'companyRequests.create'),
      schema: {
        tags: ['holding', 'company-requests'],
        summary: 'Invită o firmă de contabilitate să lucreze cu holdingul (rolul 4); trimite linkul pe e-mail',
        body: s.createBody,
        response: { 201: s.createdResponse, ...s.errorResponses },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      return reply.status(201).send(await service.createRequest(ctx, scope.actor, scope.id, request.body));
    },
  );

  app.get(
    '/company-requests',
    {
      config: allow(COMPANY_REQUEST_POLICY, door, 'companyRequests.list'),
      schema: {
        tags: ['holding', 'company-requests'],
        summary: 'Invitațiile trimise de holding (rolul 4)',
        querystring: s.listQuery,
        response: { 200: s.listResponse, ...s.errorResponses },
      },
    },
    async (request) => service.listRequests(ctx, scopeOf(request).id, request.query),
  );
};

/** The public link page: it fetches, confirms or rejects an invitation by its hash. */
export async function companyRequestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const ctx = app.ctx;

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
          'Confirmă cererea: creează compania și proprietarul (sau leagă compania existentă) și o leagă de holding (public)',
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
