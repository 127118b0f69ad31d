import type { FastifyInstance } from 'fastify';
import { requireHoldingScope } from '../../infra/auth.js';
import type { Role } from '../../db/schema.js';
import * as s from './schemas.js';
import * as service from './service.js';
import { holdingFileRoutes } from './file-routes.js';
import { registerReadOnlyGuard } from '../billing/index.js';

/**
 * Holding calls of SPEC §7 under /api/holding/:holdingId (the client area,
 * roles 4 and 5; role 4 only for its extras, SPEC §6). File calls (storeFiles,
 * media get/delete, collection, utils/{mediaId}) live in file-routes.ts and
 * are registered from here.
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

  app.get<{ Params: HoldingParams; Querystring: service.ListInput<'title' | 'created_at'> & { company_id?: string } }>(
    '/holding/:holdingId/utils',
    {
      schema: {
        tags,
        summary: 'Fișierele utile ale companiilor cu care lucrează grupul, doar citire (rolurile 4, 5)',
        params: s.holdingParams,
        querystring: s.utilsQuery,
        response: { 200: s.utilsResponse, ...s.errorResponses },
      },
    },
    async (request) => {
      scope(request, request.params.holdingId, BOTH);
      return service.listUtils(ctx, Number(request.params.holdingId), request.query);
    },
  );

  await holdingFileRoutes(app);
}
