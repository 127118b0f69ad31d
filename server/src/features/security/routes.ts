import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { SECURITY_POLICY } from './policy.js';
import * as service from './service.js';

const settingsSchema = {
  type: 'object',
  required: ['require_two_factor', 'users_without_two_factor'],
  properties: {
    require_two_factor: { type: 'boolean' },
    users_without_two_factor: {
      type: 'integer',
      description: 'Utilizatorii firmei (sau ai holdingului) care nu au activat încă autentificarea în doi pași.',
    },
  },
} as const;

const updateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['require_two_factor'],
  properties: { require_two_factor: { type: 'boolean' } },
} as const;

/** security (view) and security/update on both doors: whether the tenant's people must use two-factor sign-in. */
export const securityRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  const tags = [`${door.tag}: security`];

  app.post(
    '/security',
    {
      config: allow(SECURITY_POLICY, door, 'security.view'),
      schema: {
        tags,
        summary: 'Setările de securitate: autentificarea în doi pași obligatorie',
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request) => service.viewSecurity(ctx, scopeOf(request)),
  );

  app.post(
    '/security/update',
    {
      config: allow(SECURITY_POLICY, door, 'security.update'),
      schema: {
        tags,
        summary: 'Cere (sau nu) autentificarea în doi pași tuturor utilizatorilor',
        description:
          'Cei care nu au activat-o primesc 403 two_factor_setup_required la orice cerere pe ușă până o activează.',
        body: updateBody,
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request) => service.updateSecurity(ctx, scopeOf(request), request.body),
  );
};
