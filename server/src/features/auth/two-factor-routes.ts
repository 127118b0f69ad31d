import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireActor } from '../../infra/auth.js';
import { errorSchema, idParams, messageSchema } from '../../lib/http-schemas.js';
import { sessionSchema } from './schemas.js';
import * as service from './service.js';
import * as twoFactor from './two-factor.js';
import * as sessions from './sessions.js';
import {
  enableBodySchema,
  enableAnswerSchema,
  recoveryCodesAnswerSchema,
  revokeOthersAnswerSchema,
  secondStepBodySchema,
  sessionsAnswerSchema,
  setupAnswerSchema,
  twoFactorChangeBodySchema,
} from './two-factor-schemas.js';

const meta = (request: FastifyRequest): service.RequestMeta => ({
  ip: request.ip,
  log: request.log,
  userAgent: request.headers['user-agent'],
});

/** The second step of sign-in, setting two-factor sign-in up on the profile, and the user's sessions. */
export async function twoFactorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { ctx } = app;
  const own = { 401: errorSchema, 422: errorSchema, 429: errorSchema };

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Autentificare, pasul doi: codul din aplicație sau un cod de recuperare',
        description:
          'challenge vine din POST /login; valabil 5 minute, 5 coduri greșite îl anulează. Un cod de recuperare merge o singură dată.',
        security: [],
        body: secondStepBodySchema,
        response: { 200: sessionSchema, 403: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => twoFactor.completeSecondStep(ctx, request.body, meta(request)),
  );

  app.post(
    '/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Începe configurarea autentificării în doi pași (cheie și cod QR)',
        description:
          'Parola; cu autentificarea în doi pași deja activă (mutarea pe altă aplicație), și un cod din aplicația actuală sau un cod de recuperare.',
        body: twoFactorChangeBodySchema,
        response: { 200: setupAnswerSchema, ...own },
      },
    },
    async (request) => twoFactor.setup(ctx, requireActor(request), request.body, meta(request)),
  );

  app.post(
    '/two-factor/enable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirmă configurarea cu un cod din aplicație; primești 10 coduri de recuperare',
        body: enableBodySchema,
        response: { 200: enableAnswerSchema, ...own },
      },
    },
    async (request) => twoFactor.enable(ctx, requireActor(request), request.body.code, meta(request)),
  );

  app.post(
    '/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Dezactivează autentificarea în doi pași',
        description:
          'Parola și un cod din aplicație (sau un cod de recuperare). Refuzat (403) când firma sau holdingul utilizatorului o cere.',
        body: twoFactorChangeBodySchema,
        response: { 200: messageSchema, 403: errorSchema, ...own },
      },
    },
    async (request) => twoFactor.disable(ctx, requireActor(request), request.body, meta(request)),
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Coduri de recuperare noi (cele vechi nu mai merg)',
        description: 'Parola și un cod din aplicație (sau un cod de recuperare nefolosit).',
        body: twoFactorChangeBodySchema,
        response: { 200: recoveryCodesAnswerSchema, ...own },
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(ctx, requireActor(request), request.body, meta(request)),
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sesiunile deschise ale utilizatorului, cele mai noi primele',
        response: { 200: sessionsAnswerSchema, 401: errorSchema },
      },
    },
    async (request) => sessions.listSessions(ctx, requireActor(request)),
  );

  app.post(
    '/sessions/revoke-others',
    {
      schema: {
        tags: ['auth'],
        summary: 'Închide toate celelalte sesiuni',
        response: { 200: revokeOthersAnswerSchema, 401: errorSchema },
      },
    },
    async (request) => sessions.revokeOtherSessions(ctx, requireActor(request)),
  );

  app.post(
    '/sessions/:id/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Închide o sesiune',
        description: 'Doar sesiunile proprii; alt id → 404.',
        params: idParams,
        response: { 200: messageSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => sessions.revokeSession(ctx, requireActor(request), Number(request.params.id)),
  );
}
