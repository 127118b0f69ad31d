import { originOf } from '../activity/index.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { REMINDERS_POLICY } from './policy.js';
import * as s from './schemas.js';
import * as service from './service.js';

/**
 * A firm's reminders, company door only (docs/api/company-door.md, "Reminders"): GET reminders,
 * reminders/update, reminders/preview, clients/{id}/remind.
 */
export const reminderRoutes: DoorRoutes = (app, door) => {
  if (door.kind !== 'company') return;
  const ctx = app.ctx;
  const tags = ['company: reminders'];

  app.get(
    '/reminders',
    {
      config: allow(REMINDERS_POLICY, door, 'reminders.view'),
      schema: {
        tags,
        summary: 'Setările mementourilor: pornite, ziua termenului, pașii (zile față de termen), ora',
        response: { 200: s.settingsResponse, ...errorResponses },
      },
    },
    async (request) => service.getSettings(ctx, scopeOf(request)),
  );

  app.post(
    '/reminders/update',
    {
      config: allow(REMINDERS_POLICY, door, 'reminders.update'),
      schema: {
        tags,
        summary: 'Modifică setările mementourilor (rolul 2)',
        body: s.updateSettingsBody,
        response: { 200: s.settingsSavedResponse, ...errorResponses },
      },
    },
    async (request) => service.updateSettings(ctx, scopeOf(request), request.body),
  );

  app.post(
    '/reminders/preview',
    {
      config: allow(REMINDERS_POLICY, door, 'reminders.preview'),
      schema: {
        tags,
        summary: 'Ce mementouri ar pleca într-o zi: clienții, destinatarii și documentele (nu trimite nimic)',
        body: s.previewBody,
        response: { 200: s.previewResponse, ...errorResponses },
      },
    },
    async (request) => service.preview(ctx, scopeOf(request), request.body.date),
  );

  app.post(
    '/clients/:id/remind',
    {
      config: allow(REMINDERS_POLICY, door, 'reminders.remindNow'),
      schema: {
        tags,
        summary: 'Trimite acum clientului mementoul cu documentele lipsă sau respinse',
        params: idParams,
        response: { 200: s.remindNowResponse, ...errorResponses },
      },
    },
    async (request) => service.remindNow(ctx, scopeOf(request), Number(request.params.id), originOf(request)),
  );
};
