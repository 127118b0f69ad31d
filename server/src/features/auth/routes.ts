import type { FastifyInstance } from 'fastify';
import { AppError, errors } from '../../infra/errors.js';
import { issueToken, requireActor, revokeToken } from '../../infra/auth.js';
import { verifyPassword } from '../../infra/passwords.js';
import { presentUser, userSchema } from './presenter.js';

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } } as const;
const errorSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, error: { type: 'string' }, code: { type: 'string' }, errors: { type: 'object', additionalProperties: true } },
} as const;

interface LoginBody {
  email: string;
  password: string;
}

const LOGIN_LIMIT = 5;
const LOGIN_WINDOW_SECONDS = 60;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, limiter } = app.ctx;

  app.post<{ Body: LoginBody }>(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Autentificare',
        security: [],
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string', minLength: 1, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 1000 } },
        },
        response: {
          200: { type: 'object', required: ['user', 'token'], properties: { user: userSchema, token: { type: 'string' } } },
          401: errorSchema,
          403: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const throttleKey = `login:${email}:${request.ip}`;
      const { allowed, retryAfter } = await limiter.hit(throttleKey, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
      if (!allowed) {
        reply.header('Retry-After', String(retryAfter));
        throw errors.throttled(retryAfter);
      }
      const user = await db
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.password_hash', 'c.status as company_status'])
        .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
      const ok = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !ok) {
        const message = 'E-mailul sau parola nu sunt corecte.';
        throw new AppError(401, 'invalid_credentials', message, undefined, { error: message });
      }
      if (user.company_status === 'suspended') {
        const message = 'Contul companiei este suspendat. Contactează administratorul platformei.';
        throw new AppError(403, 'suspended', message, undefined, { error: message });
      }
      await limiter.reset(throttleKey);
      await db
        .updateTable('users')
        .set((eb) => ({ previous_seen_at: eb.ref('last_seen_at'), last_seen_at: new Date() }))
        .where('id', '=', user.id)
        .execute();
      const token = await issueToken(db, user.id);
      return { user: await presentUser(db, user.id), token };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Deconectare', response: { 200: messageSchema, 401: errorSchema } } },
    async (request) => {
      const actor = requireActor(request);
      await revokeToken(db, actor.tokenId);
      return { message: 'Te-ai deconectat.' };
    },
  );

  app.get(
    '/user',
    { schema: { tags: ['auth'], summary: 'Utilizatorul curent', response: { 200: userSchema, 401: errorSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const user = await presentUser(db, actor.id);
      if (!user) throw errors.unauthenticated();
      return user;
    },
  );
}
