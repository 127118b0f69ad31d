import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import { errorResponses } from '../../lib/http-schemas.js';
import * as repo from './repository.js';
import type { CampaignRow } from './repository.js';
import { previewCampaign, sendCampaign, type ComposeInput } from './service.js';
import { campaignDetailSchema, campaignSchema, composeBody, idParams, listQuery, previewSchema } from './schemas.js';

function presentCampaign(row: CampaignRow) {
  const progress = {
    total: Number(row.progress.total),
    sent: Number(row.progress.sent),
    failed: Number(row.progress.failed),
    queued: Number(row.progress.queued),
    retrying: Number(row.progress.retrying),
  };
  return {
    id: row.id,
    subject: row.subject,
    audience: row.audience,
    company_ids: row.tenants.company_ids,
    holding_ids: row.tenants.holding_ids,
    recipients_count: row.recipients_count,
    created_at: new Date(row.created_at).toISOString(),
    created_by_name: row.created_by_name,
    status: progress.queued > 0 ? ('sending' as const) : ('done' as const),
    progress,
  };
}

const pageOf = (query: { page?: string; per_page?: string }) => {
  const page = Math.max(1, Number(query.page ?? 1));
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 20)));
  return { page, perPage };
};

/**
 * Admin e-mail campaigns (/api/admin/campaigns); they leave through the mail
 * outbox (infra/outbox.ts), whose worker app.ts runs.
 */
export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // Every route here is the admin's: 401 anonymous, 403 other roles, before anything else runs.
  app.addHook('onRequest', async (request) => {
    requireRole(request, [1]);
  });

  app.get<{ Querystring: { page?: string; per_page?: string } }>(
    '/admin/campaigns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Istoricul campaniilor, cu progresul trimiterii',
        querystring: listQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: campaignSchema },
              meta: {
                type: 'object',
                properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { page, perPage } = pageOf(request.query);
      const { rows, total } = await repo.listCampaigns(db, page, perPage);
      return { data: rows.map(presentCampaign), meta: { page, per_page: perPage, total } };
    },
  );

  app.post<{ Body: ComposeInput }>(
    '/admin/campaigns/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Previzualizare: numărul de destinatari și mesajul așa cum îl primește primul dintre ei',
        body: composeBody,
        response: { 200: previewSchema, ...errorResponses },
      },
    },
    async (request) => previewCampaign(db, request.body),
  );

  app.post<{ Body: ComposeInput }>(
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
      const id = await sendCampaign(db, request.body, actor.id);
      const row = await repo.findCampaign(db, id);
      return reply.status(201).send(presentCampaign(row as CampaignRow));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/admin/campaigns/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'O campanie și progresul ei (trimise / eșuate / în coadă)',
        params: idParams,
        response: { 200: campaignDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await repo.findCampaign(db, Number(request.params.id));
      if (!row) throw errors.notFound('Campania');
      return { ...presentCampaign(row), html: row.html, text: row.text };
    },
  );
}
