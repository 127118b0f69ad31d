import { errorResponses, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { fileQuerySchema, fileResponses } from '../documents/index.js';
import { UTILITY_FILES_POLICY } from './policy.js';
import { mediaIdParams, utilData, utilList, utilsQuery } from './schemas.js';
import * as service from './service.js';

/**
 * Both doors: GET utils, utils/{mediaId} (download). Company door only: storeUtil, utils/{id}/update,
 * utils/{id}/delete.
 */
export const utilityFileRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  const tags = [`${door.tag}: utils`];

  app.get(
    '/utils',
    {
      config: allow(UTILITY_FILES_POLICY, door, 'utils.list'),
      schema: {
        tags,
        summary:
          door.kind === 'company'
            ? 'Fișierele utile ale companiei'
            : 'Fișierele utile ale companiilor cu care lucrează holdingul, doar citire (rolurile 4, 5)',
        querystring: utilsQuery,
        response: { 200: utilList, ...errorResponses },
      },
    },
    async (request) => service.listUtils(ctx, scopeOf(request), request.query),
  );

  if (door.kind === 'company') {
    app.post(
      '/storeUtil',
      {
        config: allow(UTILITY_FILES_POLICY, door, 'utils.create'),
        schema: {
          tags,
          summary: 'Adaugă un fișier util (multipart: title, description, file)',
          consumes: ['multipart/form-data'],
          response: { 201: utilData, ...errorResponses },
        },
      },
      async (request, reply) => reply.code(201).send(await service.createUtil(ctx, scopeOf(request), request)),
    );

    app.post(
      '/utils/:id/update',
      {
        config: allow(UTILITY_FILES_POLICY, door, 'utils.update'),
        schema: {
          tags,
          summary: 'Modifică un fișier util (JSON {title, description} sau multipart cu fișier nou opțional)',
          consumes: ['application/json', 'multipart/form-data'],
          params: idParams,
          response: { 200: utilData, ...errorResponses },
        },
      },
      async (request) => service.updateUtil(ctx, scopeOf(request), request, Number(request.params.id)),
    );

    app.post(
      '/utils/:id/delete',
      {
        config: allow(UTILITY_FILES_POLICY, door, 'utils.delete'),
        schema: {
          tags,
          summary: 'Șterge un fișier util (logic)',
          params: idParams,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => service.deleteUtil(ctx, scopeOf(request), Number(request.params.id)),
    );
  }

  app.post(
    '/utils/:mediaId',
    {
      config: allow(UTILITY_FILES_POLICY, door, 'utils.get'),
      schema: {
        tags,
        summary:
          door.kind === 'company'
            ? 'Descarcă un fișier util după media_id'
            : 'Descarcă un fișier util al unei companii cu care lucrează holdingul (rolurile 4, 5)',
        params: mediaIdParams,
        querystring: fileQuerySchema,
        response: fileResponses,
      },
    },
    async (request, reply) => service.downloadUtil(ctx, scopeOf(request), reply, Number(request.params.mediaId)),
  );
};
