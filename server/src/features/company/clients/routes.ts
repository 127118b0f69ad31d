import type { FastifyInstance } from 'fastify';
import { authorizeCompany } from '../policy.js';
import { companyParams, errorResponses, messageSchema, type CompanyParams } from '../schemas.js';
import * as s from './schemas.js';
import * as service from './service.js';
import { cachedAnswer } from '../../../infra/read-cache.js';

type ClientParams = CompanyParams & { id: string };

/** createClient, clients (list), clients/{id} (view), clients/{id}/notify. */
export async function clientRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const tags = ['company: clients'];

  app.post<{ Params: CompanyParams; Body: s.ClientListBody }>(
    '/clients',
    {
      schema: {
        tags,
        summary: 'Lista clienților companiei (paginată, căutare după nume sau CUI, filtru după grup)',
        params: companyParams(),
        body: s.clientListBody,
        response: { 200: s.clientListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'clients.list');
      return cachedAnswer(request, reply, companyId, () => service.listClients(ctx, companyId, request.body));
    },
  );

  app.post<{ Params: CompanyParams; Body: s.CreateClientBody }>(
    '/createClient',
    {
      schema: {
        tags,
        summary: 'Adaugă un client (cu un grup existent sau unul nou)',
        params: companyParams(),
        body: s.createClientBody,
        response: { 201: s.clientDataResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'clients.create');
      return reply.code(201).send(await service.createClient(ctx, companyId, request.body));
    },
  );

  app.post<{ Params: ClientParams; Body: s.ClientViewBody }>(
    '/clients/:id',
    {
      schema: {
        tags,
        summary: 'Un client: date, categorii, luni și documente',
        params: companyParams('id'),
        body: s.clientViewBody,
        response: { 200: s.clientViewResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'clients.view');
      return cachedAnswer(request, reply, companyId, () =>
        service.viewClient(ctx, companyId, Number(request.params.id), request.body),
      );
    },
  );

  app.post<{ Params: ClientParams; Body: s.NotifyBody }>(
    '/clients/:id/notify',
    {
      schema: {
        tags,
        summary: 'Trimite clientului un mesaj pe e-mail',
        params: companyParams('id'),
        body: s.notifyBody,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'clients.notify');
      return service.notifyClient(ctx, companyId, Number(request.params.id), request.body);
    },
  );
}
