import { errorResponses, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { LINK_POLICY } from './policy.js';
import * as s from './schemas.js';
import * as service from './service.js';

/**
 * The company↔holding links on both doors. Company: holdings (list), holdings/{holdingId}/notify,
 * holdings/{holdingId}/delete. Holding: companies (list), company/{id}/delete. (A company's
 * holdings/{holdingId}/transferCategory lives with the categories.)
 */
export const linkRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;

  if (door.kind === 'company') {
    const tags = ['company: holdings'];
    app.post(
      '/holdings',
      {
        config: allow(LINK_POLICY, door, 'links.list'),
        schema: {
          tags,
          summary: 'Holdingurile cu care lucrează compania (filtre: search, page, per_page, sort)',
          body: s.holdingListBody,
          response: { 200: s.holdingListResponse, ...errorResponses },
        },
      },
      async (request) => service.listHoldings(ctx, scopeOf(request), request.body),
    );

    app.post(
      '/holdings/:holdingId/notify',
      {
        config: allow(LINK_POLICY, door, 'links.notify'),
        schema: {
          tags,
          summary: 'Notifică holdingul: invitație pentru un cont de administrator (rol 4) dacă nu are, altfel mesajul',
          params: s.holdingIdParams,
          body: s.notifyHoldingBody,
          response: { 200: s.notifyHoldingResponse, ...errorResponses },
        },
      },
      async (request) => service.notifyHolding(ctx, scopeOf(request), Number(request.params.holdingId), request.body),
    );

    app.post(
      '/holdings/:holdingId/delete',
      {
        config: allow(LINK_POLICY, door, 'links.delete'),
        schema: {
          tags,
          summary: 'Elimină holdingul din companie (clienții și documentele rămân)',
          params: s.holdingIdParams,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => service.unlink(ctx, scopeOf(request), Number(request.params.holdingId)),
    );
    return;
  }

  const tags = ['holding'];
  app.get(
    '/companies',
    {
      config: allow(LINK_POLICY, door, 'links.list'),
      schema: {
        tags,
        summary: 'Companiile de contabilitate cu care lucrează holdingul (rolurile 4, 5)',
        querystring: s.companiesQuery,
        response: { 200: s.companiesResponse, ...errorResponses },
      },
    },
    async (request) => service.listCompanies(ctx, scopeOf(request), request.query),
  );

  app.post(
    '/company/:id/delete',
    {
      config: allow(LINK_POLICY, door, 'links.delete'),
      schema: {
        tags,
        summary: 'Elimină o companie din holding, fără să piardă date (rolul 4)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => service.unlink(ctx, scopeOf(request), Number(request.params.id)),
  );
};
