import { errorResponses, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type Door, type DoorApp, type DoorRoutes } from '../doors/index.js';
import { accessRoutes } from './access-routes.js';
import * as h from './holding-schemas.js';
import * as lists from './list-service.js';
import { CLIENT_POLICY } from './policy.js';
import { presentClient, presentHoldingClient } from './presenter.js';
import * as record from './record-service.js';
import * as s from './schemas.js';
import * as service from './service.js';
import * as views from './view-service.js';

/**
 * The client calls on both doors, over one service. Company: clients (list, or the archived ones),
 * createClient, clients/{id} (view), clients/{id}/update, clients/{id}/delete (archive),
 * clients/{id}/restore, clients/{id}/notify, and the portal-access calls (access-routes.ts).
 * Holding: index (list with months), clients/store, clients/{id}, clients/{id}/update, clients/{id}/delete.
 */
export const clientRoutes: DoorRoutes = (app, door) => {
  if (door.kind === 'company') companyDoor(app, door);
  else holdingDoor(app, door);
};

function companyDoor(app: DoorApp, door: Door): void {
  const ctx = app.ctx;
  const tags = ['company: clients'];

  app.post(
    '/clients',
    {
      config: allow(CLIENT_POLICY, door, 'clients.list'),
      schema: {
        tags,
        summary: 'Lista clienților companiei (paginată, căutare după nume sau CUI, filtru după holding)',
        body: s.clientListBody,
        response: { 200: s.clientListResponse, ...errorResponses },
      },
    },
    async (request) => lists.listClients(ctx, scopeOf(request), request.body),
  );

  app.post(
    '/createClient',
    {
      config: allow(CLIENT_POLICY, door, 'clients.create'),
      schema: {
        tags,
        summary: 'Adaugă un client (cu un holding existent sau unul nou)',
        body: s.createClientBody,
        response: { 201: s.clientDataResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const client = await service.createClient(ctx, scopeOf(request), request.body);
      return reply.code(201).send({ data: presentClient(client) });
    },
  );

  app.post(
    '/clients/:id',
    {
      config: allow(CLIENT_POLICY, door, 'clients.view'),
      schema: {
        tags,
        summary: 'Un client: date, categorii, luni și documente',
        params: idParams,
        body: s.clientViewBody,
        response: { 200: s.clientViewResponse, ...errorResponses },
      },
    },
    async (request) => views.viewClient(ctx, scopeOf(request), Number(request.params.id), request.body),
  );

  app.post(
    '/clients/:id/notify',
    {
      config: allow(CLIENT_POLICY, door, 'clients.notify'),
      schema: {
        tags,
        summary: 'Trimite clientului un mesaj pe e-mail',
        params: idParams,
        body: s.notifyBody,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => service.notifyClient(ctx, scopeOf(request), Number(request.params.id), request.body),
  );

  app.post(
    '/clients/:id/update',
    {
      config: allow(CLIENT_POLICY, door, 'clients.update'),
      schema: {
        tags,
        summary: 'Modifică datele unui client (nume, CUI, e-mail, telefon, note, holding)',
        params: idParams,
        body: s.updateClientBody,
        response: { 200: s.clientSavedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const client = await record.updateClient(ctx, scopeOf(request), Number(request.params.id), request.body);
      return {
        message: 'Clientul a fost actualizat.',
        data: {
          ...presentClient(client),
          notes: client.notes,
          fiscal_profile: client.fiscal_profile,
          due_day: client.due_day,
          reminders_paused: client.reminders_paused,
        },
      };
    },
  );

  app.post(
    '/clients/:id/delete',
    {
      config: allow(CLIENT_POLICY, door, 'clients.delete'),
      schema: {
        tags,
        summary: 'Arhivează un client (dispare din liste și din holding; documentele rămân)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => record.deleteClient(ctx, scopeOf(request), Number(request.params.id)),
  );

  app.post(
    '/clients/:id/restore',
    {
      config: allow(CLIENT_POLICY, door, 'clients.restore'),
      schema: {
        tags,
        summary: 'Restaurează un client arhivat (în limita de clienți a planului; CUI-ul trebuie să fie liber)',
        params: idParams,
        response: { 200: s.clientSavedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const client = await record.restoreClient(ctx, scopeOf(request), Number(request.params.id));
      return { message: 'Clientul a fost restaurat.', data: { ...presentClient(client), notes: client.notes } };
    },
  );

  accessRoutes(app, door);
}

function holdingDoor(app: DoorApp, door: Door): void {
  const ctx = app.ctx;
  const tags = ['holding'];

  app.post(
    '/index',
    {
      config: allow(CLIENT_POLICY, door, 'clients.list'),
      schema: {
        tags,
        summary: 'Clienții holdingului, cu documentele pe luni și cele noi de la ultima vizită (rolurile 4, 5)',
        body: h.indexBody,
        response: { 200: h.indexResponse, ...errorResponses },
      },
    },
    async (request) => lists.clientIndex(ctx, scopeOf(request), request.body ?? {}),
  );

  app.post(
    '/clients/store',
    {
      config: allow(CLIENT_POLICY, door, 'clients.create'),
      schema: {
        tags,
        summary: 'Creează un client la una dintre companiile holdingului (rolul 4)',
        body: h.clientStoreBody,
        response: { 201: h.clientSavedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const client = await service.createClient(ctx, scopeOf(request), request.body);
      return reply.code(201).send({ message: 'Clientul a fost creat.', client: presentHoldingClient(client) });
    },
  );

  app.post(
    '/clients/:id',
    {
      config: allow(CLIENT_POLICY, door, 'clients.view'),
      schema: {
        tags,
        summary: 'Un client al holdingului, cu categoriile și documentele lui (rolurile 4, 5)',
        params: idParams,
        body: h.clientShowBody,
        response: { 200: h.clientShowResponse, ...errorResponses },
      },
    },
    async (request) => views.showClient(ctx, scopeOf(request), Number(request.params.id), request.body ?? {}),
  );

  app.post(
    '/clients/:id/update',
    {
      config: allow(CLIENT_POLICY, door, 'clients.update'),
      schema: {
        tags,
        summary: 'Actualizează un client al holdingului (rolul 4)',
        params: idParams,
        body: h.clientUpdateBody,
        response: { 200: h.clientSavedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const client = await record.updateClient(ctx, scopeOf(request), Number(request.params.id), request.body);
      return { message: 'Clientul a fost actualizat.', client: presentHoldingClient(client) };
    },
  );

  app.post(
    '/clients/:id/delete',
    {
      config: allow(CLIENT_POLICY, door, 'clients.delete'),
      schema: {
        tags,
        summary: 'Șterge (logic) un client al holdingului (rolul 4)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => record.deleteClient(ctx, scopeOf(request), Number(request.params.id)),
  );
}
