import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponses } from '../../lib/http-schemas.js';
import { drainRequestBody, MAX_FILES_PER_UPLOAD } from '../documents/index.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import * as firm from './firm-service.js';
import { UPLOAD_LINK_POLICY } from './policy.js';
import * as s from './schemas.js';
import * as service from './service.js';

/** The firm's side, on the company door: a client's link state and its revoke (roles 2, 3). */
export const uploadLinkDoorRoutes: DoorRoutes = (app, door) => {
  if (door.kind !== 'company') return;
  const { ctx } = app;
  const tags = ['company: upload links'];

  app.post(
    '/clients/:clientId/upload-link',
    {
      config: allow(UPLOAD_LINK_POLICY, door, 'uploadLinks.show'),
      schema: {
        tags,
        summary: 'Linkul de încărcare al clientului: dacă funcționează, de când și până când (fără token)',
        params: s.clientParams,
        response: { 200: s.linkStateResponse, ...errorResponses },
      },
    },
    async (request) => firm.linkState(ctx, scopeOf(request), Number(request.params.clientId)),
  );

  app.post(
    '/clients/:clientId/upload-link/revoke',
    {
      config: allow(UPLOAD_LINK_POLICY, door, 'uploadLinks.revoke'),
      schema: {
        tags,
        summary: 'Revocă linkul de încărcare al clientului (nu mai funcționează de îndată)',
        params: s.clientParams,
        response: { 200: s.revokeResponse, ...errorResponses },
      },
    },
    async (request) => firm.revokeLink(ctx, scopeOf(request), request, Number(request.params.clientId)),
  );
};

/**
 * The public calls of an upload link (no account): the page's items, an upload into one item, "Am
 * terminat". The token in the path is redacted from the logs (lib/redact-url.ts).
 */
export async function uploadLinkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { ctx } = app;
  const tags = ['upload-links'];

  app.post(
    '/upload-links/:token',
    {
      schema: {
        tags,
        summary: 'Ce mai are clientul de trimis prin linkul de încărcare, pe luni (public)',
        security: [],
        params: s.tokenParams,
        response: { 200: s.linkResponse, ...errorResponses },
      },
    },
    async (request) => service.showLink(ctx, request, request.params.token),
  );

  await app.register(async (uploads) => {
    // A refused upload reads the rest of its body first, so the browser gets our answer (as the doors do).
    uploads.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode < 400 || !request.isMultipart()) return done(null, payload);
      drainRequestBody(request, ctx.config.uploadMaxBytes * MAX_FILES_PER_UPLOAD).then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
    uploads.withTypeProvider<JsonSchemaToTsProvider>().post(
      '/upload-links/:token/storeFiles',
      {
        schema: {
          tags,
          summary:
            'Încarcă fișiere într-o cerință deschisă (multipart: item_id, apoi files[]); totul sau nimic (public)',
          security: [],
          consumes: ['multipart/form-data'],
          params: s.tokenParams,
          response: { 201: s.uploadResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.uploadThroughLink(ctx, request, request.params.token)),
    );
  });

  app.post(
    '/upload-links/:token/done',
    {
      schema: {
        tags,
        summary: '„Am terminat” pentru o lună a linkului: firma este anunțată (public)',
        security: [],
        params: s.tokenParams,
        body: s.doneBody,
        response: { 200: s.doneResponse, ...errorResponses },
      },
    },
    async (request) => service.doneThroughLink(ctx, request, request.params.token, request.body.period),
  );
}
