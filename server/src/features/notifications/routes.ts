import type { AppContext } from '../../infra/context.js';
import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type Door, type DoorApp, type DoorRoutes } from '../doors/index.js';
import { NOTIFICATIONS_POLICY } from './policy.js';
import { emptyBody, listBody, listResponse, settingsBody, settingsSchema, unreadResponse } from './schemas.js';
import * as service from './service.js';

/** The firm's notifications and digest choice (docs/api/company-door.md, "Notificări"): the company door only. */
export const notificationRoutes: DoorRoutes = (app, door) => {
  if (door.kind === 'company') companyRoutes(app, door, { db: app.ctx.db });
};

function companyRoutes(app: DoorApp, door: Door, ctx: Pick<AppContext, 'db'>): void {
  const tags = [`${door.tag}: notifications`];

  app.post(
    '/notifications',
    {
      config: allow(NOTIFICATIONS_POLICY, door, 'notifications.list'),
      schema: {
        tags,
        summary: 'Ce s-a întâmplat la clienții firmei (cele mai noi întâi), cu numărul celor necitite',
        body: listBody,
        response: { 200: listResponse, ...errorResponses },
      },
    },
    async (request) => service.listNotifications(ctx, scopeOf(request), request.body ?? {}),
  );

  app.post(
    '/notifications/unread',
    {
      config: allow(NOTIFICATIONS_POLICY, door, 'notifications.list'),
      schema: {
        tags,
        summary: 'Câte notificări necitite are utilizatorul (insigna din meniu; peste 99 se oprește la 100+)',
        body: emptyBody,
        response: { 200: unreadResponse, ...errorResponses },
      },
    },
    async (request) => service.unreadCount(ctx, scopeOf(request)),
  );

  app.post(
    '/notifications/read',
    {
      config: allow(NOTIFICATIONS_POLICY, door, 'notifications.seen'),
      schema: {
        tags,
        summary: 'Marchează ca citite toate notificările de până acum (doar pentru utilizatorul conectat)',
        body: emptyBody,
        response: { 200: unreadResponse, ...errorResponses },
      },
    },
    async (request) => service.markRead(ctx, scopeOf(request)),
  );

  app.post(
    '/notifications/settings',
    {
      config: allow(NOTIFICATIONS_POLICY, door, 'settings.read'),
      schema: {
        tags,
        summary: 'Rezumatul zilnic al utilizatorului conectat: pornit sau oprit și ora (ora României)',
        body: emptyBody,
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request) => service.digestSettings(ctx, scopeOf(request)),
  );

  app.post(
    '/notifications/settings/update',
    {
      config: allow(NOTIFICATIONS_POLICY, door, 'settings.update'),
      schema: {
        tags,
        summary: 'Pornește sau oprește rezumatul zilnic și alege ora lui (0–23, ora României)',
        body: settingsBody,
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request) => service.updateDigestSettings(ctx, scopeOf(request), request.body),
  );
}
