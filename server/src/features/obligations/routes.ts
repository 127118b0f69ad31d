import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { OBLIGATIONS_POLICY } from './policy.js';
import * as s from './schemas.js';
import * as filing from './filing-service.js';
import * as service from './service.js';

/** The declaration calendar (docs/api/company-door.md, "Declarations"): a client's obligations on both doors; the firm's grid and filings on the company door. */
export const obligationRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  const tags = [`${door.tag}: obligations`];

  app.post(
    '/clients/:clientId/obligations',
    {
      config: allow(OBLIGATIONS_POLICY, door, 'obligations.client'),
      schema: {
        tags,
        summary: 'Declarațiile unui client pe lunile from–to (AAAA-LL): termen, stare, recipisă',
        params: s.clientParams,
        body: s.rangeBody,
        response: { 200: s.clientObligationsResponse, ...errorResponses },
      },
    },
    async (request) => service.clientObligations(ctx, scopeOf(request), Number(request.params.clientId), request.body),
  );

  if (door.kind !== 'company') return;

  app.post(
    '/obligations',
    {
      config: allow(OBLIGATIONS_POLICY, door, 'obligations.firm'),
      schema: {
        tags,
        summary: 'Grila firmei pentru o lună: clienți × declarații, cu stări și termene',
        body: s.gridBody,
        response: { 200: s.gridResponse, ...errorResponses },
      },
    },
    async (request) => service.firmGrid(ctx, scopeOf(request), request.body),
  );

  app.post(
    '/clients/:clientId/obligations/:code/:period/file',
    {
      config: allow(OBLIGATIONS_POLICY, door, 'obligations.file'),
      schema: {
        tags,
        summary: 'Marchează declarația ca depusă, cu recipisa (multipart: un fișier PDF sau XML)',
        consumes: ['multipart/form-data'],
        params: s.filingParams,
        response: { 200: s.filedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { clientId, code, period } = request.params;
      return filing.fileObligation(ctx, scopeOf(request), request, { clientId: Number(clientId), code, period });
    },
  );

  app.post(
    '/clients/:clientId/obligations/:code/:period/unfile',
    {
      config: allow(OBLIGATIONS_POLICY, door, 'obligations.unfile'),
      schema: {
        tags,
        summary: 'Anulează marcarea ca depusă (recipisa ajunge în coșul de gunoi al clientului)',
        params: s.filingParams,
        response: { 200: s.filedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { clientId, code, period } = request.params;
      return filing.unfileObligation(ctx, scopeOf(request), request, { clientId: Number(clientId), code, period });
    },
  );
};
