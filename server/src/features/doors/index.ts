import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireCompanyScope, requireHoldingScope, type Actor } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import type { Role } from '../../db/schema.js';
import { idParam } from '../../lib/http-schemas.js';
import { registerReadOnlyGuard } from '../billing/index.js';
import { drainRequestBody, MAX_FILES_PER_UPLOAD } from '../documents/index.js';

/**
 * The two tenant doors of the API. A company's staff (roles 2, 3) come in through
 * `/api/company/{companyId}/…`, a holding's people (roles 4, 5) through
 * `/api/holding/{holdingId}/…`. A door is a URL prefix, a tenant scope and a role
 * table — not a second implementation: every domain feature (clients, users,
 * documents, …) registers its routes once per door over one service, and the
 * service receives a `TenantScope` instead of a raw id.
 *
 * For every route of a door, this module:
 * - adds the door's tenant id to the route's params schema (features declare only their own ids);
 * - checks the scope on `onRequest`, before the body is validated: anonymous 401, a role of the
 *   other door 403, another tenant's id 404 (its existence is not revealed), a role below the
 *   action (`config.roles`) 403;
 * - makes an expired subscription read-only (402 on writes);
 * - reads the rest of a refused upload before answering, so the browser sees the answer.
 * See docs/ARCHITECTURE.md.
 */

export type DoorKind = 'company' | 'holding';

export interface Door {
  kind: DoorKind;
  prefix: '/company/:companyId' | '/holding/:holdingId';
  param: 'companyId' | 'holdingId';
  /** OpenAPI tag of the door. */
  tag: DoorKind;
}

export const DOORS: readonly Door[] = [
  { kind: 'company', prefix: '/company/:companyId', param: 'companyId', tag: 'company' },
  { kind: 'holding', prefix: '/holding/:holdingId', param: 'holdingId', tag: 'holding' },
];

/** A tenant id in a door's path: the pattern of `idParam`, which the door adds to every params schema. */
const TENANT_ID = new RegExp(idParam.pattern);

/** Who is calling, for which tenant: what a service receives instead of a raw tenant id. */
export interface TenantScope {
  kind: DoorKind;
  id: number;
  actor: Actor;
}

/**
 * A feature's role × action table for each door. An action a door does not offer is absent
 * from that door's table; registering a route for it there fails at start-up.
 */
export type DoorPolicy<A extends string> = Record<DoorKind, Partial<Record<A, readonly Role[]>>>;

/** The roles of `door` allowed to do `action`, or none when the door does not offer it. */
export function rolesFor<A extends string>(policy: DoorPolicy<A>, kind: DoorKind, action: A): readonly Role[] {
  return policy[kind][action] ?? [];
}

/** Route config of a door route: who may call it (`allow(POLICY, door, 'clients.create')`). */
export function allow<A extends string>(policy: DoorPolicy<A>, door: Door, action: A): { roles: readonly Role[] } {
  const roles = policy[door.kind][action];
  if (!roles) throw new Error(`Acțiunea ${action} nu are roluri pe ușa ${door.kind}.`);
  return { roles };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on a door route (set through `allow()`). */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    tenantScope: TenantScope | null;
  }
}

/** The scope checked for this request by its door. */
export function scopeOf(request: FastifyRequest): TenantScope {
  if (!request.tenantScope) throw new Error(`${request.routeOptions.url}: rută fără ușă de tenant`);
  return request.tenantScope;
}

/** The tenant id in the URL, or null when it is no id at all (`/api/company/abc/…`). */
function tenantIdOf(request: FastifyRequest, door: Door): number | null {
  const raw = (request.params as Record<string, string | undefined>)[door.param] ?? '';
  return TENANT_ID.test(raw) ? Number(raw) : null;
}

/** Checks the actor against the door, the tenant of the URL and the roles; answers the scope. */
export function authorize(request: FastifyRequest, door: Door, roles: readonly Role[]): TenantScope {
  const id = tenantIdOf(request, door) ?? -1;
  const actor =
    door.kind === 'company' ? requireCompanyScope(request, id, roles) : requireHoldingScope(request, id, roles);
  // The tenant requires two-factor sign-in: its doors stay shut until the user enables it (profile calls stay open).
  if (actor.two_factor_setup_required) throw errors.twoFactorSetupRequired();
  return { kind: door.kind, id, actor };
}

export type DoorApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider
>;

/** A domain feature's routes for one door. */
export type DoorRoutes = (app: DoorApp, door: Door) => Promise<void> | void;

type ParamsSchema = { type?: string; required?: string[]; properties?: Record<string, unknown> };

/** Registers every door feature under both doors (call inside the `/api` prefix). */
export async function registerDoors(app: FastifyInstance, features: readonly DoorRoutes[]): Promise<void> {
  for (const door of DOORS) {
    await app.register(
      async (scoped) => {
        // The read-only guard runs after the door's check, on the tenant it authorised.
        registerReadOnlyGuard(scoped, (request) => {
          const scope = request.tenantScope;
          if (!scope) return null;
          return scope.kind === 'company' ? { companyId: scope.id } : { holdingId: scope.id };
        });
        scoped.decorateRequest('tenantScope', null);
        scoped.addHook('onRoute', (route) => {
          const roles = route.config?.roles;
          if (!roles) throw new Error(`${route.url}: o rută de pe ușa ${door.kind} trebuie să își declare rolurile.`);
          const schema = route.schema ?? {};
          const params = (schema.params ?? { type: 'object', properties: {} }) as ParamsSchema;
          route.schema = {
            ...schema,
            params: {
              ...params,
              type: 'object',
              required: [door.param, ...(params.required ?? [])],
              properties: { [door.param]: idParam, ...(params.properties ?? {}) },
            },
          };
          const check: onRequestHookHandler = (request, _reply, done) => {
            // A tenant id that is no id at all (`/api/company/abc/…`) is a malformed request: the params
            // validation answers it (422), as for any other malformed id; the handler is never reached.
            if (tenantIdOf(request, door) !== null) request.tenantScope = authorize(request, door, roles);
            done();
          };
          const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
          route.onRequest = [check, ...own];
        });
        // POST calls whose payload is optional (views, downloads, deletes) may come without a body.
        scoped.addHook('preValidation', (request, _reply, done) => {
          if ((request.body === undefined || request.body === null) && !request.isMultipart()) request.body = {};
          done();
        });
        // A refused upload (402, 403, 404, 413, 422) reads the rest of its body first, so the browser gets our answer.
        scoped.addHook('onSend', (request, reply, payload, done) => {
          if (reply.statusCode < 400 || !request.isMultipart()) return done(null, payload);
          drainRequestBody(request, scoped.ctx.config.uploadMaxBytes * MAX_FILES_PER_UPLOAD).then(
            () => done(null, payload),
            (error: Error) => done(error),
          );
        });
        const typed = scoped.withTypeProvider<JsonSchemaToTsProvider>();
        for (const feature of features) await feature(typed, door);
      },
      { prefix: door.prefix },
    );
  }
}
