import { errorResponses, idParams, messageSchema } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorApp, type Door } from '../doors/index.js';
import { MONTH_POLICY } from './policy.js';
import * as service from './requirements-service.js';
import {
  clientIdParams,
  clientParams,
  defaultBody,
  defaultSchema,
  defaultUpdateBody,
  profileBody,
  profileSchema,
  requirementBody,
  requirementSchema,
  requirementUpdateBody,
  settingsBody,
} from './schemas.js';

/** The firm's default set, its due day, a client's requirements and profile (company door). */

const saved = <const S>(data: S) =>
  ({ type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data } }) as const;
const requirementsAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    message: { type: 'string' },
    data: { type: 'array', items: requirementSchema },
    meta: { type: 'object', required: ['profile'], properties: { profile: profileSchema } },
  },
} as const;

export function requirementRoutes(app: DoorApp, door: Door, tags: string[]): void {
  const ctx = app.ctx;
  const id = (value: string) => Number(value);

  app.post(
    '/requirement-defaults',
    {
      config: allow(MONTH_POLICY, door, 'defaults.read'),
      schema: {
        tags,
        summary: 'Setul implicit al firmei (ce cere fiecărui client nou) și termenul lunar',
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: {
              data: { type: 'array', items: defaultSchema },
              meta: { type: 'object', required: ['due_day'], properties: { due_day: { type: 'integer' } } },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => service.listDefaults(ctx, scopeOf(request)),
  );

  app.post(
    '/storeRequirementDefault',
    {
      config: allow(MONTH_POLICY, door, 'defaults.write'),
      schema: {
        tags,
        summary: 'Adaugă o cerință în setul implicit',
        body: defaultBody,
        response: { 201: saved(defaultSchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.storeDefault(ctx, scopeOf(request), request.body)),
  );

  app.post(
    '/requirement-defaults/:id/update',
    {
      config: allow(MONTH_POLICY, door, 'defaults.write'),
      schema: {
        tags,
        summary: 'Schimbă o cerință a setului implicit',
        params: idParams,
        body: defaultUpdateBody,
        response: { 200: saved(defaultSchema), ...errorResponses },
      },
    },
    async (request) => service.updateDefault(ctx, scopeOf(request), id(request.params.id), request.body),
  );

  app.post(
    '/requirement-defaults/:id/delete',
    {
      config: allow(MONTH_POLICY, door, 'defaults.write'),
      schema: {
        tags,
        summary: 'Scoate o cerință din setul implicit (clienții o păstrează)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => service.deleteDefault(ctx, scopeOf(request), id(request.params.id)),
  );

  app.post(
    '/month-settings/update',
    {
      config: allow(MONTH_POLICY, door, 'defaults.write'),
      schema: {
        tags,
        summary: 'Termenul firmei: ziua lunii următoare (1–31)',
        body: settingsBody,
        response: {
          200: {
            type: 'object',
            required: ['message', 'due_day'],
            properties: { message: { type: 'string' }, due_day: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => service.updateSettings(ctx, scopeOf(request), request.body.due_day),
  );

  app.post(
    '/clients/:clientId/requirements',
    {
      config: allow(MONTH_POLICY, door, 'requirements.read'),
      schema: {
        tags,
        summary: 'Ce datorează clientul lunar și profilul lui',
        params: clientParams,
        response: { 200: requirementsAnswer, ...errorResponses },
      },
    },
    async (request) => service.listRequirements(ctx, scopeOf(request), id(request.params.clientId)),
  );

  app.post(
    '/clients/:clientId/storeRequirement',
    {
      config: allow(MONTH_POLICY, door, 'requirements.write'),
      schema: {
        tags,
        summary: 'Adaugă o cerință clientului (din luna curentă)',
        params: clientParams,
        body: requirementBody,
        response: { 201: saved(requirementSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.storeRequirement(ctx, scopeOf(request), id(request.params.clientId), request.body)),
  );

  app.post(
    '/clients/:clientId/requirements/:id/update',
    {
      config: allow(MONTH_POLICY, door, 'requirements.write'),
      schema: {
        tags,
        summary: 'Schimbă o cerință a clientului',
        params: clientIdParams,
        body: requirementUpdateBody,
        response: { 200: saved(requirementSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.updateRequirement(
        ctx,
        scopeOf(request),
        id(request.params.clientId),
        id(request.params.id),
        request.body,
      ),
  );

  app.post(
    '/clients/:clientId/requirements/:id/delete',
    {
      config: allow(MONTH_POLICY, door, 'requirements.write'),
      schema: {
        tags,
        summary: 'Cerința nu mai este cerută din luna curentă (lunile trecute o păstrează)',
        params: clientIdParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.deleteRequirement(ctx, scopeOf(request), id(request.params.clientId), id(request.params.id)),
  );

  app.post(
    '/clients/:clientId/profile',
    {
      config: allow(MONTH_POLICY, door, 'requirements.write'),
      schema: {
        tags,
        summary:
          'Profilul clientului (conturi bancare, salariați, casă de marcat, termen): adaugă și scoate cerințele lor',
        params: clientParams,
        body: profileBody,
        response: { 200: requirementsAnswer, ...errorResponses },
      },
    },
    async (request) => service.updateProfile(ctx, scopeOf(request), id(request.params.clientId), request.body),
  );
}
