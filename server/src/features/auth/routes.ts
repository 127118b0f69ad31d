import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireActor } from '../../infra/auth.js';
import { errors, TooManyAttempts } from '../../infra/errors.js';
import { canUpdateUser } from './policy.js';
import { userSchema } from './presenter.js';
import { errorSchema, messageSchema } from '../../lib/http-schemas.js';
import {
  idParamsSchema,
  loginAnswerSchema,
  loginBodySchema,
  passwordEmailBodySchema,
  passwordResetBodySchema,
  registerBodySchema,
  registrationSchema,
  userUpdateBodySchema,
} from './schemas.js';
import * as service from './service.js';
import * as accounts from './account-service.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import * as profile from './profile-service.js';

const meta = (request: FastifyRequest): service.RequestMeta => ({
  ip: request.ip,
  log: request.log,
  userAgent: request.headers['user-agent'],
});

/** Sign-in, sign-out, the current user, password reset, self-update and /register (POST /company/create). */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { ctx } = app;

  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttempts) reply.header('Retry-After', String(error.retryAfter));
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Autentificare',
        description:
          'Cel mult 5 încercări pe minut pentru aceeași adresă de e-mail și IP; apoi 429. Un cont cu autentificarea în doi pași primește `challenge` în loc de token (POST /login/two-factor).',
        security: [],
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.login(ctx, request.body, meta(request)),
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Deconectare', response: { 200: messageSchema, 401: errorSchema } } },
    async (request) => {
      await service.logout(ctx, requireActor(request), meta(request));
      return { message: 'Te-ai deconectat.' };
    },
  );

  app.get(
    '/user',
    { schema: { tags: ['auth'], summary: 'Utilizatorul curent', response: { 200: userSchema, 401: errorSchema } } },
    async (request) => service.currentUser(ctx, requireActor(request)),
  );

  app.post(
    '/password/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cere un link de resetare a parolei',
        description:
          'Răspunde la fel pentru orice adresă. Un cont existent primește un link valabil 60 de minute, cel mult un e-mail pe minut.',
        security: [],
        body: passwordEmailBodySchema,
        response: { 200: messageSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await service.requestPasswordReset(ctx, request.body.email, meta(request));
      return { message: service.RESET_REQUESTED };
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Setează o parolă nouă cu linkul primit pe e-mail',
        description: 'Linkul se folosește o singură dată; toate sesiunile utilizatorului se închid.',
        security: [],
        body: passwordResetBodySchema,
        response: { 200: messageSchema, 422: errorSchema },
      },
    },
    async (request) => {
      await service.resetPassword(ctx, request.body, meta(request));
      return { message: service.PASSWORD_RESET_DONE };
    },
  );

  app.post(
    '/users/:id/update',
    {
      // Who is asking, and for which account, is settled before the body is read: 401, then 404.
      onRequest: async (request) => {
        const actor = requireActor(request);
        // A malformed id is the params schema's to refuse (422).
        const raw = request.params.id;
        if (/^[0-9]{1,9}$/.test(raw) && !canUpdateUser(actor, { id: Number(raw) }))
          throw errors.notFound('Utilizatorul');
      },
      schema: {
        tags: ['auth'],
        summary: 'Actualizează profilul (nume, e-mail, parolă)',
        description:
          'Deocamdată doar propriul cont; alt id → 404. Schimbarea parolei cere current_password și închide celelalte sesiuni. Schimbarea e-mailului cere current_password și se aplică abia după linkul trimis la adresa nouă (24 de ore): răspunsul are pending_email și nu spune dacă adresa e folosită.',
        params: idParamsSchema,
        body: userUpdateBodySchema,
        response: { 200: userSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) =>
      profile.updateUser(ctx, requireActor(request), Number(request.params.id), request.body, meta(request)),
  );

  app.post(
    '/company/create',
    {
      schema: {
        tags: ['auth'],
        summary: 'Înregistrare: companie nouă și proprietarul ei (rol 2), autentificat, cu adresa neconfirmată',
        description: `Public; cel mult ${accounts.REGISTRATIONS_PER_IP_PER_HOUR} înregistrări pe oră de la același IP. Singurul loc care spune că o adresă e folosită. Proprietarul primește un link de confirmare (48 de ore). Un CUI deja folosit de o companie activă nu oprește înregistrarea: compania e creată fără CUI și cui_claim = {status: "pending"}.`,
        security: [],
        body: registerBodySchema,
        response: { 201: registrationSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const session = await accounts.registerCompany(ctx, request.body, meta(request));
      return reply.status(201).send(session);
    },
  );

  // Two-factor sign-in and sessions: registered here so 429s get the Retry-After header of the hook above.
  await app.register(twoFactorRoutes);
}
