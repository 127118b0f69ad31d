import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Actor } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { registerErrorHandler } from '../../infra/error-handler.js';
import { errors } from '../../infra/errors.js';
import { idParams } from '../../lib/http-schemas.js';
import {
  allow,
  registerDoors,
  rolesFor,
  scopeOf,
  type DoorPolicy,
  type DoorRoutes,
  type DoorServices,
  type TenantScope,
} from './index.js';

type Action = 'things.view' | 'things.companyOnly' | 'things.write' | 'things.renew';
const POLICY: DoorPolicy<Action> = {
  effects: { 'things.view': 'read', 'things.companyOnly': 'read', 'things.write': 'write', 'things.renew': 'renew' },
  company: { 'things.view': [2, 3], 'things.companyOnly': [2], 'things.write': [2, 3], 'things.renew': [2, 3] },
  holding: { 'things.view': [4] },
};

/** A feature served on both doors: one handler, the door's scope decides the tenant. */
const thingRoutes: DoorRoutes = (app, door) => {
  app.post(
    '/things/:id',
    { config: allow(POLICY, door, 'things.view'), schema: { params: idParams } },
    async (request) => {
      const scope = scopeOf(request);
      // The type provider derives `params.id: string` from idParams (a wrong field would not compile).
      const id: string = request.params.id;
      return { kind: scope.kind, tenant: scope.id, actor: scope.actor.id, id: Number(id) };
    },
  );
  if (door.kind === 'company') {
    app.post('/only', { config: allow(POLICY, door, 'things.companyOnly') }, async () => ({ ok: true }));
    app.post('/things/:id/change', { config: allow(POLICY, door, 'things.write') }, async () => ({ ok: true }));
    app.post('/things/:id/pay', { config: allow(POLICY, door, 'things.renew') }, async () => ({ ok: true }));
  }
};

/** The tenants the test's read-only state covers, and the scopes the door asked it about. */
const readOnlyTenants = new Set<number>();
const asked: TenantScope[] = [];
const services: DoorServices = {
  assertWritable: async (scope) => {
    asked.push(scope);
    if (readOnlyTenants.has(scope.id)) throw errors.readOnly();
  },
  drainRefusedUpload: async () => undefined,
};

const actor = (role: Actor['role'], tenant: { company_id?: number; holding_id?: number }): Actor => ({
  id: 7,
  name: 'Test',
  email: 't@example.ro',
  role,
  company_id: tenant.company_id ?? null,
  holding_id: tenant.holding_id ?? null,
  invited_by_company_id: null,
  tokenId: 1,
  two_factor_setup_required: false,
});

async function appWith(signedIn: Actor | null, features: DoorRoutes[] = [thingRoutes]): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('ctx', {} as AppContext);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = signedIn;
  });
  registerErrorHandler(app);
  await app.register(multipart);
  await app.register((api) => registerDoors(api, features, services), { prefix: '/api' });
  return app;
}

describe('tenant doors', () => {
  it('serves one feature on both doors, each request scoped to its own tenant', async () => {
    const company = await appWith(actor(3, { company_id: 5 }));
    const res = await company.inject({ method: 'POST', url: '/api/company/5/things/12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'company', tenant: 5, actor: 7, id: 12 });

    const holding = await appWith(actor(4, { holding_id: 9 }));
    const res2 = await holding.inject({ method: 'POST', url: '/api/holding/9/things/3' });
    expect(res2.json()).toEqual({ kind: 'holding', tenant: 9, actor: 7, id: 3 });
  });

  it('answers 401 anonymous, 403 wrong door or role, 404 another tenant — before the params are validated', async () => {
    const anonymous = await appWith(null);
    expect((await anonymous.inject({ method: 'POST', url: '/api/company/5/things/x' })).statusCode).toBe(401);
    const holdingUser = await appWith(actor(5, { holding_id: 9 }));
    expect((await holdingUser.inject({ method: 'POST', url: '/api/company/5/things/1' })).statusCode).toBe(403);
    expect((await holdingUser.inject({ method: 'POST', url: '/api/holding/9/things/1' })).statusCode).toBe(403);
    const other = await appWith(actor(2, { company_id: 6 }));
    const res = await other.inject({ method: 'POST', url: '/api/company/5/things/1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Compania nu a fost găsită.');
    const staff = await appWith(actor(3, { company_id: 5 }));
    expect((await staff.inject({ method: 'POST', url: '/api/company/5/only' })).statusCode).toBe(403);
    expect((await staff.inject({ method: 'POST', url: '/api/company/5/things/x1' })).statusCode).toBe(422);
    // A tenant id that is no id is malformed (422), whoever calls — never a handler without a scope.
    expect((await staff.inject({ method: 'POST', url: '/api/company/abc/things/1' })).statusCode).toBe(422);
    expect((await anonymous.inject({ method: 'POST', url: '/api/holding/x9/things/1' })).statusCode).toBe(422);
  });

  it('refuses at start-up a door route without roles or effect, and answers no roles for an action a door lacks', async () => {
    const bare: DoorRoutes = (app) => {
      app.post('/naked', async () => ({}));
    };
    await expect(appWith(null, [bare])).rejects.toThrow(/rolurile și efectul/);
    const rolesOnly: DoorRoutes = (app) => {
      app.post('/roles-only', { config: { roles: [2] } }, async () => ({}));
    };
    await expect(appWith(null, [rolesOnly])).rejects.toThrow(/rolurile și efectul/);
    expect(rolesFor(POLICY, 'holding', 'things.companyOnly')).toEqual([]);
    expect(
      allow(
        POLICY,
        { kind: 'company', prefix: '/company/:companyId', param: 'companyId', tag: 'company' },
        'things.write',
      ),
    ).toEqual({
      roles: [2, 3],
      effect: 'write',
    });
  });

  it('refuses a declared write of a read-only tenant (402), from the declaration only; reads and renewals pass', async () => {
    readOnlyTenants.add(5);
    asked.length = 0;
    try {
      const staff = await appWith(actor(3, { company_id: 5 }));
      const write = await staff.inject({ method: 'POST', url: '/api/company/5/things/1/change' });
      expect(write.statusCode).toBe(402);
      expect(write.json().message).toBe(
        'Abonamentul a expirat: contul este doar în citire până la plata unui abonament.',
      );
      expect(asked).toEqual([{ kind: 'company', id: 5, firm: null, actor: expect.objectContaining({ id: 7 }) }]);
      expect((await staff.inject({ method: 'POST', url: '/api/company/5/things/1' })).statusCode).toBe(200);
      expect((await staff.inject({ method: 'POST', url: '/api/company/5/things/1/pay' })).statusCode).toBe(200);
      // The read-only state is asked about the write only.
      expect(asked).toHaveLength(1);
      // Another tenant's caller keeps the door's own answer: the guard never reveals this tenant's state.
      const other = await appWith(actor(3, { company_id: 6 }));
      expect((await other.inject({ method: 'POST', url: '/api/company/5/things/1/change' })).statusCode).toBe(404);
      expect(asked).toHaveLength(1);
    } finally {
      readOnlyTenants.clear();
    }
  });
});
