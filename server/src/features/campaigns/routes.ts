import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireRole } from '../../infra/auth.js';
import { errorResponses, pageMetaSchema } from '../../lib/http-schemas.js';
import * as service from './service.js';
import { campaignDetailSchema, campaignSchema, composeBody, idParams, listQuery, previewSchema } from './schemas.js';

/**
 * Admin e-mail campaigns (/api/admin/campaigns); they leave through the mail
 * outbox (infra/outbox.ts), whose worker app.ts runs.
 */
export async function campaignRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { db } = app.ctx;

  // Every route here is the admin's: 401 anonymous, 403 other roles, before anything else runs.
  app.addHook('onRequest', async (request) => {
    requireRole(request, [1]);
  });

  app.get(
    '/admin/campaigns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Istoricul campaniilor, cu progresul trimiterii',
        querystring: listQuery,
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'array', items: campaignSchema }, meta: pageMetaSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => service.campaignsPage(db, request.query),
  );

  app.post(
    '/admin/campaigns/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Previzualizare: numărul de destinatari și mesajul așa cum îl primește primul dintre ei',
        body: composeBody,
        response: { 200: previewSchema, ...errorResponses },
      },
    },
    async (request) => service.previewCampaign(db, request.body),
  );

  app.post(
    '/admin/campaigns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Trimite o campanie: un e-mail pe destinatar, prin coada de e-mail',
        body: composeBody,
        response: { 201: campaignSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, [1]);
      return reply.status(201).send(await service.createCampaign(db, request.body, actor.id));
    },
  );

  app.get(
    '/admin/campaigns/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'O campanie și progresul ei (trimise / eșuate / în coadă)',
        params: idParams,
        response: { 200: campaignDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.campaignDetail(db, Number(request.params.id)),
  );
}
