import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireActor } from '../../infra/auth.js';
import { errorSchema, messageSchema } from '../../lib/http-schemas.js';
import * as email from './email-service.js';

const tokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const publicLink = { 200: messageSchema, 422: errorSchema, 429: errorSchema } as const;

/** The e-mail links: verify the account's address, confirm a new address, undo a change; resend the first. */
export async function emailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { ctx } = app;

  app.post(
    '/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirmă adresa contului cu linkul primit pe e-mail (/verify-email/{token}, 48 de ore)',
        description: 'Public; cel mult 30 de apeluri de linkuri e-mail în 10 minute de la același IP.',
        security: [],
        body: tokenBody,
        response: publicLink,
      },
    },
    async (request) => email.verifyEmail(ctx, request.ip, request.body.token),
  );

  app.post(
    '/email/verification-notification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Retrimite linkul de confirmare a adresei contului',
        description: 'Cel mult un e-mail pe minut și cinci pe oră pentru același utilizator; apoi 429.',
        response: { 200: messageSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => email.resendVerification(ctx, requireActor(request)),
  );

  app.post(
    '/email/confirm-change',
    {
      schema: {
        tags: ['auth'],
        summary: 'Aplică schimbarea adresei cu linkul trimis la adresa nouă (/confirm-email/{token}, 24 de ore)',
        description:
          'Public. Adresa nouă devine a contului (confirmată); celelalte sesiuni se închid, linkurile de resetare expiră, adresa veche primește un link de anulare valabil 7 zile.',
        security: [],
        body: tokenBody,
        response: publicLink,
      },
    },
    async (request) => email.confirmEmailChange(ctx, request.ip, request.body.token),
  );

  app.post(
    '/email/undo',
    {
      schema: {
        tags: ['auth'],
        summary: 'Anulează o schimbare a adresei cu linkul trimis la adresa veche (/undo-email/{token}, 7 zile)',
        description:
          'Public. Contul revine pe adresa veche, toate sesiunile se închid, linkurile de resetare expiră și adresa veche primește un link nou de resetare a parolei.',
        security: [],
        body: tokenBody,
        response: publicLink,
      },
    },
    async (request) => email.undoEmailChange(ctx, request.ip, request.body.token),
  );
}
