import type { FastifyInstance } from 'fastify';
import { requireHoldingScope } from '../../infra/auth.js';
import {
  collectionBodySchema,
  handleCollection,
  handleMediaDelete,
  handleMediaGet,
  handleStoreFiles,
  mediaListResponse,
  type CollectionBody,
} from '../files/index.js';
import { binarySchema, errorResponses, idPattern, messageSchema } from './schemas.js';
import * as service from './service.js';
import { assertCanStore } from '../billing/index.js';

/**
 * The holding's file calls (SPEC §7: "same as the company calls"): the client
 * is first checked to be in the holding's scope, then the one files module
 * (upload, download, zip) does the work, filtered by company and client.
 */

const fileParams = (...names: string[]) => ({
  type: 'object',
  required: ['holdingId', ...names],
  properties: Object.fromEntries(['holdingId', ...names].map((n) => [n, { type: 'string', pattern: idPattern }])),
});

interface ClientParams {
  holdingId: string;
  clientId: string;
}

const tags = ['holding: documents'];

export async function holdingFileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** Roles 4 and 5 of this holding, and the client in its scope (else 404). */
  const authorize = async (request: Parameters<typeof requireHoldingScope>[0], params: ClientParams) => {
    const holdingId = Number(params.holdingId);
    const actor = requireHoldingScope(request, holdingId, [4, 5]);
    const client = await service.loadClient(ctx, holdingId, Number(params.clientId));
    return { actor, client: { id: client.id, company_id: client.company_id, name: client.name, row: client } };
  };

  app.post<{ Params: ClientParams }>(
    '/holding/:holdingId/clients/:clientId/storeFiles',
    {
      schema: {
        tags,
        summary:
          'Încarcă documente la un client al grupului (multipart: category_id, period AAAA-LL, files[]); totul sau nimic (rolurile 4, 5)',
        consumes: ['multipart/form-data'],
        params: fileParams('clientId'),
        response: { 201: mediaListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, client } = await authorize(request, request.params);
      // The holding's own storage limit, checked on the request's size before anything is stored.
      await assertCanStore(
        ctx.db,
        { holdingId: Number(request.params.holdingId) },
        Number(request.headers['content-length'] ?? 0),
      );
      return handleStoreFiles(ctx, request, reply, client, actor);
    },
  );

  app.post<{ Params: ClientParams & { documentId: string } }>(
    '/holding/:holdingId/clients/:clientId/media/:documentId/delete',
    {
      schema: {
        tags,
        summary: 'Șterge (logic) un document: rolul 4 orice document al grupului, rolul 5 doar pe cele încărcate de el',
        params: fileParams('clientId', 'documentId'),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, client } = await authorize(request, request.params);
      const documentId = Number(request.params.documentId);
      await service.authorizeDocumentDelete(ctx, actor, client.row, documentId);
      return handleMediaDelete(ctx, client, documentId);
    },
  );

  app.post<{ Params: ClientParams & { mediaId: string } }>(
    '/holding/:holdingId/clients/:clientId/media/:mediaId',
    {
      schema: {
        tags,
        summary: 'Descarcă un document al unui client al grupului (rolurile 4, 5)',
        params: fileParams('clientId', 'mediaId'),
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { client } = await authorize(request, request.params);
      return handleMediaGet(ctx, reply, client, Number(request.params.mediaId));
    },
  );

  app.post<{ Params: ClientParams; Body: CollectionBody }>(
    '/holding/:holdingId/clients/:clientId/collection',
    {
      schema: {
        tags,
        summary: 'Arhivă ZIP cu documentele clientului (opțional: period, category_id, ids) (rolurile 4, 5)',
        params: fileParams('clientId'),
        body: collectionBodySchema,
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { client } = await authorize(request, request.params);
      return handleCollection(ctx, reply, client, request.body ?? {});
    },
  );

  app.post<{ Params: { holdingId: string; mediaId: string } }>(
    '/holding/:holdingId/utils/:mediaId',
    {
      schema: {
        tags,
        summary: 'Descarcă un fișier util al unei companii cu care lucrează grupul (rolurile 4, 5)',
        params: fileParams('mediaId'),
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const holdingId = Number(request.params.holdingId);
      requireHoldingScope(request, holdingId, [4, 5]);
      return service.sendUtilityFile(ctx, reply, holdingId, Number(request.params.mediaId));
    },
  );
}
