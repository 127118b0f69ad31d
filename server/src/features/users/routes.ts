import { errorResponses, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { USERS_POLICY } from './policy.js';
import { savedAnswer } from './presenter.js';
import { storeUserBody, updateUserBody, userSavedResponse, usersQuery, usersResponse } from './schemas.js';
import * as service from './service.js';

/**
 * A tenant's users on both doors (company: roles 2 and 3, managed by role 2; holding: roles 4
 * and 5, managed by role 4): GET users, storeUser, users/{id}/update, users/{id}/delete.
 */
export const userRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  const tags = [door.tag];
  const who = door.kind === 'company' ? 'companiei (rolurile 2 și 3)' : 'holdingului (rolurile 4 și 5)';

  app.get(
    '/users',
    {
      config: allow(USERS_POLICY, door, 'users.list'),
      schema: {
        tags,
        summary: `Utilizatorii ${who}`,
        querystring: usersQuery,
        response: { 200: usersResponse, ...errorResponses },
      },
    },
    async (request) => service.listUsers(ctx, scopeOf(request), request.query),
  );

  app.post(
    '/storeUser',
    {
      config: allow(USERS_POLICY, door, 'users.create'),
      schema: {
        tags,
        summary: 'Adaugă un utilizator (primește pe e-mail un link pentru setarea parolei)',
        body: storeUserBody(door.kind),
        response: { 201: userSavedResponse[door.kind], ...errorResponses },
      },
    },
    async (request, reply) => {
      const saved = await service.createUser(ctx, scopeOf(request), request.body);
      return reply.code(201).send(savedAnswer(door.kind, saved));
    },
  );

  app.post(
    '/users/:id/update',
    {
      config: allow(USERS_POLICY, door, 'users.update'),
      schema: {
        tags,
        summary: 'Modifică un utilizator (nume, e-mail, rol); ultimul utilizator privilegiat își păstrează rolul',
        params: idParams,
        body: updateUserBody(door.kind),
        response: { 200: userSavedResponse[door.kind], ...errorResponses },
      },
    },
    async (request) => {
      const saved = await service.updateUser(ctx, scopeOf(request), Number(request.params.id), request.body);
      return savedAnswer(door.kind, saved);
    },
  );

  app.post(
    '/users/:id/delete',
    {
      config: allow(USERS_POLICY, door, 'users.delete'),
      schema: {
        tags,
        summary: 'Șterge un utilizator (logic; îi închide sesiunile)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => service.deleteUser(ctx, scopeOf(request), Number(request.params.id)),
  );
};
