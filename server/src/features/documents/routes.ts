import { binarySchema, errorResponses, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { fileQuerySchema, fileResponses } from './download.js';
import { DOCUMENTS_POLICY } from './policy.js';
import { mediaSchema, uploadLimitsSchema } from './presenter.js';
import {
  bulkBodySchema,
  clientDocumentParams,
  clientMediaParams,
  clientParams,
  collectionBodySchema,
  mediaListResponse,
  updateBodySchema,
} from './schemas.js';
import * as history from './history.js';
import * as service from './service.js';
import * as trash from './trash-service.js';

const countSchema = {
  type: 'object',
  required: ['message', 'count'],
  properties: { message: { type: 'string' }, count: { type: 'integer' } },
} as const;
const updatedSchema = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: mediaSchema },
} as const;
const trashSchema = {
  type: 'object',
  required: ['retention_days', 'data'],
  properties: { retention_days: { type: 'integer' }, data: { type: 'array', items: trash.trashItemSchema } },
} as const;

/** A client's documents on either door: upload, download one, soft delete, zip; the door's scope picks the clients. */
export const documentRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  const tags = [`${door.tag}: documents`];

  if (door.kind === 'company') {
    app.get(
      '/upload-limits',
      {
        config: allow(DOCUMENTS_POLICY, door, 'uploads.limits'),
        schema: {
          tags,
          summary: 'Limitele încărcării: dimensiunea maximă și tipurile acceptate',
          response: { 200: uploadLimitsSchema, ...errorResponses },
        },
      },
      async () => service.limitsOf(ctx),
    );
  }

  app.post(
    '/clients/:clientId/storeFiles',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.upload'),
      schema: {
        tags,
        summary: 'Încarcă documente (multipart: category_id, period AAAA-LL, files[]); totul sau nimic',
        consumes: ['multipart/form-data'],
        params: clientParams,
        response: { 201: mediaListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const clientId = Number(request.params.clientId);
      const { client, answer } = await service.storeDocuments(ctx, scope, request, clientId);
      await history.recordUploads(ctx, scope, request, client, answer);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/clients/:clientId/media/:documentId/delete',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.delete'),
      schema: {
        tags,
        summary:
          door.kind === 'company'
            ? 'Șterge un document (logic; fișierul rămâne până la expirarea retenției)'
            : 'Șterge (logic) un document: rolul 4 orice document al holdingului, rolul 5 doar pe cele încărcate de el',
        params: clientDocumentParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      history.trashActRecorded(
        ctx,
        scopeOf(request),
        request,
        'delete',
        Number(request.params.clientId),
        Number(request.params.documentId),
      ),
  );

  app.post(
    '/clients/:clientId/media/:mediaId/update',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.update'),
      schema: {
        tags,
        summary:
          'Mută (categorie, lună AAAA-LL) sau redenumește un document' +
          (door.kind === 'holding' ? ': rolul 4 pe cele încărcate de holding, rolul 5 pe ale sale' : ''),
        params: clientMediaParams,
        body: updateBodySchema,
        response: { 200: updatedSchema, ...errorResponses },
      },
    },
    async (request) =>
      history.updateDocumentRecorded(
        ctx,
        scopeOf(request),
        request,
        Number(request.params.clientId),
        Number(request.params.mediaId),
        request.body,
      ),
  );

  app.post(
    '/clients/:clientId/media/bulk',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.bulk'),
      schema: {
        tags,
        summary: 'Mută sau șterge (în coșul de gunoi) 1–100 de documente deodată; totul sau nimic',
        params: clientParams,
        body: bulkBodySchema,
        response: { 200: countSchema, ...errorResponses },
      },
    },
    async (request) =>
      history.bulkDocumentsRecorded(ctx, scopeOf(request), request, Number(request.params.clientId), request.body),
  );

  app.post(
    '/clients/:clientId/trash',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.trash'),
      schema: {
        tags,
        summary:
          'Coșul de gunoi al clientului: documentele șterse, cine și când le-a șters' +
          (door.kind === 'holding' ? ' (cele încărcate sau șterse de holding)' : ''),
        params: clientParams,
        response: { 200: trashSchema, ...errorResponses },
      },
    },
    async (request) => trash.listClientTrash(ctx, scopeOf(request), Number(request.params.clientId)),
  );

  app.post(
    '/clients/:clientId/media/:mediaId/restore',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.restore'),
      schema: {
        tags,
        summary: 'Restaurează un document din coșul de gunoi (410 după expirarea perioadei de păstrare)',
        params: clientMediaParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      history.trashActRecorded(
        ctx,
        scopeOf(request),
        request,
        'restore',
        Number(request.params.clientId),
        Number(request.params.mediaId),
      ),
  );

  app.post(
    '/clients/:clientId/media/:mediaId',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.get'),
      schema: {
        tags,
        summary: 'Descarcă un document (Range: bytes=… → 206; ?inline=1 → inline pentru PDF și imagini)',
        params: clientMediaParams,
        querystring: fileQuerySchema,
        response: fileResponses,
      },
    },
    async (request, reply) =>
      history.sendDocumentRecorded(
        ctx,
        scopeOf(request),
        request,
        reply,
        Number(request.params.clientId),
        Number(request.params.mediaId),
      ),
  );

  app.post(
    '/clients/:clientId/collection',
    {
      config: allow(DOCUMENTS_POLICY, door, 'documents.collection'),
      schema: {
        tags,
        summary: 'Arhivă ZIP cu documentele clientului (opțional: period, category_id, ids)',
        params: clientParams,
        body: collectionBodySchema,
        response: { 200: binarySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      history.sendCollectionRecorded(
        ctx,
        scopeOf(request),
        request,
        reply,
        Number(request.params.clientId),
        request.body,
      ),
  );
};
