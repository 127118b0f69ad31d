import type { FastifyInstance } from 'fastify';
import {
  binarySchema,
  collectionBodySchema,
  handleCollection,
  handleMediaDelete,
  handleMediaGet,
  handleStoreFiles,
  mediaListResponse,
  uploadLimits,
  uploadLimitsSchema,
  type CollectionBody,
} from '../../files/index.js';
import { authorizeCompany } from '../policy.js';
import { companyParams, errorResponses, messageSchema, type CompanyParams } from '../schemas.js';
import { loadClient } from '../../clients/index.js';

type ClientParams = CompanyParams & { clientId: string };

/** A client's documents: upload, download one, soft delete, zip (the shared files module does the work). */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const tags = ['company: documents'];

  app.get<{ Params: CompanyParams }>(
    '/upload-limits',
    {
      schema: {
        tags,
        summary: 'Limitele încărcării: dimensiunea maximă și tipurile acceptate',
        params: companyParams(),
        response: { 200: uploadLimitsSchema, ...errorResponses },
      },
    },
    async (request) => {
      authorizeCompany(request, Number(request.params.companyId), 'uploads.limits');
      return uploadLimits(ctx.config.uploadMaxBytes);
    },
  );

  app.post<{ Params: ClientParams }>(
    '/clients/:clientId/storeFiles',
    {
      schema: {
        tags,
        summary: 'Încarcă documente (multipart: category_id, period AAAA-LL, files[]); totul sau nimic',
        consumes: ['multipart/form-data'],
        params: companyParams('clientId'),
        response: { 201: mediaListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      const actor = authorizeCompany(request, companyId, 'media.upload');
      const client = await loadClient(ctx, { kind: 'company', id: companyId }, Number(request.params.clientId));
      return handleStoreFiles(ctx, request, reply, client, actor);
    },
  );

  app.post<{ Params: ClientParams & { documentId: string } }>(
    '/clients/:clientId/media/:documentId/delete',
    {
      schema: {
        tags,
        summary: 'Șterge un document (logic; fișierul rămâne până la expirarea retenției)',
        params: companyParams('clientId', 'documentId'),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'media.delete');
      const client = await loadClient(ctx, { kind: 'company', id: companyId }, Number(request.params.clientId));
      return handleMediaDelete(ctx, client, Number(request.params.documentId));
    },
  );

  app.post<{ Params: ClientParams & { mediaId: string } }>(
    '/clients/:clientId/media/:mediaId',
    {
      schema: {
        tags,
        summary: 'Descarcă un document',
        params: companyParams('clientId', 'mediaId'),
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'media.get');
      const client = await loadClient(ctx, { kind: 'company', id: companyId }, Number(request.params.clientId));
      return handleMediaGet(ctx, reply, client, Number(request.params.mediaId));
    },
  );

  app.post<{ Params: ClientParams; Body: CollectionBody }>(
    '/clients/:clientId/collection',
    {
      schema: {
        tags,
        summary: 'Arhivă ZIP cu documentele clientului (opțional: period, category_id, ids)',
        params: companyParams('clientId'),
        body: collectionBodySchema,
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = Number(request.params.companyId);
      authorizeCompany(request, companyId, 'media.collection');
      const client = await loadClient(ctx, { kind: 'company', id: companyId }, Number(request.params.clientId));
      return handleCollection(ctx, reply, client, request.body);
    },
  );
}
