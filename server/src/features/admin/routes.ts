import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireRole } from '../../infra/auth.js';
import { errorResponses } from '../../lib/http-schemas.js';
import * as service from './service.js';
import { claimsPage, grantClaim, refuseClaim } from '../companies/index.js';
import {
  claimDecisionSchema,
  claimListQuery,
  claimListSchema,
  companyDetailSchema,
  companyListQuery,
  companyListSchema,
  createCompanyBody,
  holdingDetailSchema,
  holdingListQuery,
  holdingListSchema,
  idParams,
} from './schemas.js';

/**
 * The platform administrator's calls (/api/admin/…): companies, holdings and CUI claims. Role 1 only.
 * The plan catalogue and the payments are billing's (billing/admin-routes.ts), the campaigns campaigns'.
 */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { db } = app.ctx;

  // 401 anonymous, 403 any other role, before validation or anything else runs.
  app.addHook('onRequest', async (request) => {
    requireRole(request, [1]);
  });

  app.get(
    '/admin/companies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Companiile: căutare (nume, CUI, e-mail), filtru de stare, paginare',
        querystring: companyListQuery,
        response: { 200: companyListSchema, ...errorResponses },
      },
    },
    async (request) => service.companiesPage(db, request.query),
  );

  app.post(
    '/admin/companies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creează o companie cu proprietarul ei (primește e-mail pentru setarea parolei)',
        body: createCompanyBody,
        response: { 201: companyDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, [1]);
      const id = await service.createCompany(app.ctx, request.body, { id: actor.id, ip: request.ip });
      return reply.status(201).send(await service.companyDetail(db, id));
    },
  );

  app.get(
    '/admin/companies/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'O companie: utilizatori, clienți, spațiu folosit, plan și plăți',
        params: idParams,
        response: { 200: companyDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.companyDetail(db, Number(request.params.id)),
  );

  for (const [action, status] of [
    ['suspend', 'suspended'],
    ['reactivate', 'active'],
  ] as const) {
    app.post(
      `/admin/companies/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            action === 'suspend'
              ? 'Suspendă o companie: utilizatorii ei nu se mai pot autentifica; nu se șterge nimic'
              : 'Reactivează o companie suspendată',
          params: idParams,
          response: { 200: companyDetailSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireRole(request, [1]);
        const id = Number(request.params.id);
        await service.setCompanyStatus(db, id, status, { id: actor.id, ip: request.ip });
        return service.companyDetail(db, id);
      },
    );
  }

  app.get(
    '/admin/holdings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Holdingurile: căutare și paginare',
        querystring: holdingListQuery,
        response: { 200: holdingListSchema, ...errorResponses },
      },
    },
    async (request) => service.holdingsPage(db, request.query),
  );

  app.get(
    '/admin/holdings/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Un holding: companiile legate, utilizatorii, planul și plățile',
        params: idParams,
        response: { 200: holdingDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.holdingDetail(db, Number(request.params.id)),
  );

  app.get(
    '/admin/cui-claims',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revendicările de CUI: companiile născute cu un CUI deja folosit (filtru de stare, paginare)',
        querystring: claimListQuery,
        response: { 200: claimListSchema, ...errorResponses },
      },
    },
    async (request) => claimsPage(app.ctx, request.query),
  );

  for (const action of ['grant', 'refuse'] as const) {
    app.post(
      `/admin/cui-claims/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            action === 'grant'
              ? 'Acordă CUI-ul companiei care îl cere (compania care îl avea rămâne fără CUI); ambii proprietari primesc e-mail'
              : 'Respinge cererea (compania rămâne fără CUI; proprietarul ei primește e-mail)',
          params: idParams,
          response: { 200: claimDecisionSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireRole(request, [1]);
        const decide = action === 'grant' ? grantClaim : refuseClaim;
        return decide(app.ctx, Number(request.params.id), { id: actor.id, ip: request.ip });
      },
    );
  }
}
