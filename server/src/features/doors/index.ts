import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireCompanyScope, requireHoldingScope, type Actor } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import type { Role } from '../../db/schema.js';
import { idParam } from '../../lib/http-schemas.js';

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
 * - refuses a route whose action declares a write while the tenant is read-only (`config.effect`);
 * - reads the rest of a refused upload before answering, so the browser sees the answer.
 * The read-only state and the upload drain are the caller's (`DoorServices`): the doors depend on no
 * feature, every feature depends on them. See docs/ARCHITECTURE.md.
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
  /**
   * On the holding door, the firm that invited the caller into the holding: they see only that firm's
   * clients there (the access feature's rules). Null for the holding's own people and on the company door.
   */
  firm: number | null;
  actor: Actor;
}

/**
 * What an action does to the tenant's data, declared once per action in its policy:
 * - `read`: changes nothing the tenant owns (a download may still log who read what);
 * - `write`: changes it, so it is refused (402) while the tenant is read-only (an expired subscription);
 * - `renew`: a write a read-only tenant must still reach, because it is the way out of that state
 *   (paying, choosing another plan); the read-only state lets it through.
 */
export type ActionEffect = 'read' | 'write' | 'renew';

/**
 * A feature's role × action table for each door, and the effect of every action. An action a door does
 * not offer is absent from that door's table; registering a route for it there fails at start-up. The
 * effects are a full record, so an action without one does not compile.
 */
export interface DoorPolicy<A extends string> {
  effects: Readonly<Record<A, ActionEffect>>;
  company: Partial<Record<A, readonly Role[]>>;
  holding: Partial<Record<A, readonly Role[]>>;
}

/** The roles of `door` allowed to do `action`, or none when the door does not offer it. */
export function rolesFor<A extends string>(policy: DoorPolicy<A>, kind: DoorKind, action: A): readonly Role[] {
  return policy[kind][action] ?? [];
}

/** The config a door route carries: who may call it, and what its action does to the tenant's data. */
export interface DoorRouteConfig {
  roles: readonly Role[];
  effect: ActionEffect;
}

/** Route config of a door route (`allow(POLICY, door, 'clients.create')`): its roles and its effect. */
export function allow<A extends string>(policy: DoorPolicy<A>, door: Door, action: A): DoorRouteConfig {
  const roles = policy[door.kind][action];
  if (!roles) throw new Error(`Acțiunea ${action} nu are roluri pe ușa ${door.kind}.`);
  return { roles, effect: policy.effects[action] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on a door route (set through `allow()`). */
    roles?: readonly Role[];
    /** What the route's action does to the tenant's data (set through `allow()`). */
    effect?: ActionEffect;
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
  const firm = door.kind === 'holding' ? actor.invited_by_company_id : null;
  return { kind: door.kind, id, firm, actor };
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

/** What the doors take from the features they serve, so that they import none of them. */
export interface DoorServices {
  /** Refuses (402) a write of the tenant the door authorised while that tenant is read-only. */
  assertWritable: (scope: TenantScope) => Promise<void>;
  /** Reads and discards the rest of a refused upload's body. */
  drainRefusedUpload: (request: FastifyRequest) => Promise<void>;
}

/** Registers every door feature under both doors (call inside the `/api` prefix). */
export async function registerDoors(
  app: FastifyInstance,
  features: readonly DoorRoutes[],
  services: DoorServices,
): Promise<void> {
  // Runs after the door's check, on the tenant it authorised; a refused request (no scope) keeps its
  // own answer, so the guard never reveals another tenant's billing state.
  const readOnlyGuard: preHandlerHookHandler = (request, _reply, done) => {
    if (!request.tenantScope) return done();
    services.assertWritable(request.tenantScope).then(
      () => done(),
      (error: Error) => done(error),
    );
  };
  for (const door of DOORS) {
    await app.register(
      async (scoped) => {
        scoped.decorateRequest('tenantScope', null);
        scoped.addHook('onRoute', (route) => {
          const roles = route.config?.roles;
          const effect = route.config?.effect;
          if (!roles || !effect)
            throw new Error(`${route.url}: o rută de pe ușa ${door.kind} trebuie să își declare rolurile și efectul.`);
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
          route.onRequest = [check, ...hooksOf(route.onRequest)];
          // Only a declared write carries the guard: a read (and a renewal) pays nothing for it.
          if (effect === 'write') route.preHandler = [readOnlyGuard, ...hooksOf(route.preHandler)];
        });
        // POST calls whose payload is optional (views, downloads, deletes) may come without a body.
        scoped.addHook('preValidation', (request, _reply, done) => {
          if ((request.body === undefined || request.body === null) && !request.isMultipart()) request.body = {};
          done();
        });
        // A refused upload (402, 403, 404, 413, 422) reads the rest of its body first, so the browser gets our answer.
        scoped.addHook('onSend', (request, reply, payload, done) => {
          if (reply.statusCode < 400 || !request.isMultipart()) return done(null, payload);
          services.drainRefusedUpload(request).then(
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

/** A route's own hooks of one kind, as a list. */
function hooksOf<H>(hooks: H | H[] | undefined): H[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
