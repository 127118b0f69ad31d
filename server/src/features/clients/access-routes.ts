import { errorResponses, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type Door, type DoorApp } from '../doors/index.js';
import * as a from './access-schemas.js';
import * as access from './access-service.js';
import { CLIENT_POLICY } from './policy.js';

/**
 * The company door's "Acces portal" calls on a client (role 2): clients/{id}/access (list),
 * clients/{id}/invite, clients/{id}/access/{userId}/resend, clients/{id}/access/{userId}/revoke.
 */
export function accessRoutes(app: DoorApp, door: Door): void {
  const ctx = app.ctx;
  const tags = ['company: clients'];
  const list = allow(CLIENT_POLICY, door, 'clients.access');
  const manage = allow(CLIENT_POLICY, door, 'clients.accessManage');

  app.post(
    '/clients/:id/access',
    {
      config: list,
      schema: {
        tags,
        summary: 'Cine intră în portal pentru client din partea firmei: persoanele invitate de ea, invitate sau active',
        params: idParams,
        response: { 200: a.accessListResponse, ...errorResponses },
      },
    },
    async (request) => access.listAccess(ctx, scopeOf(request), Number(request.params.id)),
  );

  app.post(
    '/clients/:id/invite',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Invită o persoană în portalul clientului, ca utilizator (clientul fără holding primește unul)',
        params: idParams,
        body: a.inviteBody,
        response: { 201: a.inviteResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const saved = await access.inviteToPortal(ctx, scopeOf(request), Number(request.params.id), request.body);
      return reply.code(201).send(saved);
    },
  );

  app.post(
    '/clients/:id/access/:userId/resend',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Retrimite invitația (un link nou pentru setarea parolei)',
        params: a.accessParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      access.resendInvitation(ctx, scopeOf(request), Number(request.params.id), Number(request.params.userId)),
  );

  app.post(
    '/clients/:id/access/:userId/revoke',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Revocă accesul unei persoane invitate de firmă',
        params: a.accessParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      access.revokeAccess(ctx, scopeOf(request), Number(request.params.id), Number(request.params.userId)),
  );
}
