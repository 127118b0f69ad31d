import type { FastifyPluginAsync } from 'fastify';
import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorApp, type Door, type DoorRoutes } from '../doors/index.js';
import { lookupCui } from './lookup-service.js';
import { anafOverview, clientAnaf, markChangeSeen } from './overview-service.js';
import { ANAF_POLICY } from './policy.js';
import * as s from './schemas.js';
import { completeAuthorization, setClientSync, startAuthorization } from './spv-service.js';

/**
 * ANAF on the company door (docs/api/anaf.md): cui-lookup (the registry's data of a CUI), anaf (each
 * client's registry state and SPV sync), clients/{clientId}/anaf (one client's), clients/{clientId}/anaf/seen
 * (the nightly check's flag seen), spv/authorize (where to send the browser), clients/{clientId}/spv
 * (sync on or off). The holding door has none of them.
 */
export const anafRoutes: DoorRoutes = (app, door) => {
  if (door.kind === 'company') companyDoor(app, door);
};

const clientParams = {
  type: 'object',
  required: ['clientId'],
  properties: { clientId: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

function companyDoor(app: DoorApp, door: Door): void {
  const ctx = app.ctx;
  const tags = ['company: ANAF'];

  app.post(
    '/cui-lookup',
    {
      config: allow(ANAF_POLICY, door, 'anaf.lookup'),
      schema: {
        tags,
        summary: 'Datele unei firme din registrul ANAF al plătitorilor de TVA, după CUI',
        body: s.cuiLookupBody,
        response: { 200: s.companyRecordSchema, ...errorResponses },
      },
    },
    async (request) => lookupCui(ctx, request.body.cui),
  );

  app.post(
    '/anaf',
    {
      config: allow(ANAF_POLICY, door, 'anaf.view'),
      schema: {
        tags,
        summary: 'Starea clienților în registrul ANAF (cu schimbările nopții) și sincronizarea SPV',
        response: { 200: s.anafOverviewResponse, ...errorResponses },
      },
    },
    async (request) => anafOverview(ctx, scopeOf(request)),
  );

  app.post(
    '/clients/:clientId/anaf',
    {
      config: allow(ANAF_POLICY, door, 'anaf.view'),
      schema: {
        tags,
        summary: 'Starea unui client în registrul ANAF și sincronizarea lui SPV',
        params: clientParams,
        response: { 200: s.clientAnafResponse, ...errorResponses },
      },
    },
    async (request) => clientAnaf(ctx, scopeOf(request), Number(request.params.clientId)),
  );

  app.post(
    '/clients/:clientId/anaf/seen',
    {
      config: allow(ANAF_POLICY, door, 'anaf.seen'),
      schema: {
        tags,
        summary: 'Marchează văzută ultima schimbare din registrul ANAF a clientului',
        params: clientParams,
        response: { 200: s.clientAnafResponse, ...errorResponses },
      },
    },
    async (request) => markChangeSeen(ctx, scopeOf(request), Number(request.params.clientId)),
  );

  app.post(
    '/spv/authorize',
    {
      config: allow(ANAF_POLICY, door, 'spv.authorize'),
      schema: {
        tags,
        summary: 'Începe autorizarea SPV: adresa ANAF la care merge browserul (cu certificatul calificat)',
        response: { 200: s.authorizeResponse, ...errorResponses },
      },
    },
    async (request) => startAuthorization(ctx, scopeOf(request)),
  );

  app.post(
    '/clients/:clientId/spv',
    {
      config: allow(ANAF_POLICY, door, 'spv.client'),
      schema: {
        tags,
        summary: 'Pornește sau oprește sincronizarea facturilor din SPV pentru un client',
        params: clientParams,
        body: s.spvClientBody,
        response: { 200: s.spvClientResponse, ...errorResponses },
      },
    },
    async (request) => setClientSync(ctx, scopeOf(request), Number(request.params.clientId), request.body.enabled),
  );
}

/**
 * ANAF's redirect after the firm authorised Dosar (public: the browser comes back from logincert.anaf.ro).
 * The one-time state names the firm; the answer is a redirect to the firm's ANAF page with the outcome.
 */
export const anafCallbackRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    '/anaf/oauth/callback',
    {
      schema: {
        tags: ['ANAF'],
        summary: 'Întoarcerea de la autorizarea ANAF (OAuth2): salvează autorizarea firmei și trimite la pagina ANAF',
        querystring: s.callbackQuery,
        response: {
          302: { type: 'null', description: 'Spre /company/anaf?spv=ok|denied|expired|failed' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const outcome = await completeAuthorization(app.ctx, request.query);
      return reply.redirect(`/company/anaf?spv=${outcome}`, 302);
    },
  );
};
