import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCompanyScope, requireHoldingScope, requireRole, type Actor } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import { errorResponses } from '../../lib/http-schemas.js';
import * as repo from './repository.js';
import * as service from './service.js';
import { paymentProvider } from './providers/index.js';
import { bani, presentPayment, presentPlan, presentSubscriptionView } from './presenter.js';
import {
  companyParams,
  createPlanBody,
  holdingParams,
  idParams,
  initPaymentBody,
  paymentSchema,
  planSchema,
  storePaymentBody,
  subscriptionSchema,
  subscriptionViewSchema,
  updatePlanBody,
  type PlanBody,
  type StorePaymentBody,
} from './schemas.js';
import type { Tenant } from './tenant.js';

type Params = Record<string, string>;

interface Area {
  prefix: string;
  tag: string;
  params: (...names: string[]) => object;
  /** The tenant of the URL, after checking the actor may pay for it (role 2 / role 4 of that tenant). */
  scope(request: FastifyRequest): { tenant: Tenant; actor: Actor };
}

const areas: Area[] = [
  {
    prefix: '/company/:companyId',
    tag: 'company',
    params: companyParams,
    scope(request) {
      const id = Number((request.params as Params).companyId);
      return { tenant: { kind: 'company', id }, actor: requireCompanyScope(request, id, [2]) };
    },
  },
  {
    prefix: '/holding/:holdingId',
    tag: 'holding',
    params: holdingParams,
    scope(request) {
      const id = Number((request.params as Params).holdingId);
      return { tenant: { kind: 'holding', id }, actor: requireHoldingScope(request, id, [4]) };
    },
  },
];

/**
 * Subscriptions and payments of a company (role 2, /api/company/{companyId}/…)
 * and of a holding (role 4, /api/holding/{holdingId}/…), plus the admin's plan
 * catalogue (/api/admin/plans).
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const provider = paymentProvider(config.billingProvider);

  for (const area of areas) {
    // Scope is checked before the body is validated: anonymous 401, wrong role 403, other tenant 404.
    const onRequest = async (request: FastifyRequest): Promise<void> => {
      area.scope(request);
    };

    app.get(
      `${area.prefix}/subscription`,
      {
        onRequest,
        schema: {
          tags: [area.tag, 'billing'],
          summary: 'Abonamentul curent, utilizarea față de limite, planurile disponibile și plățile recente',
          params: area.params(),
          response: { 200: subscriptionViewSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { tenant } = area.scope(request);
        return presentSubscriptionView(await service.subscriptionView(db, tenant));
      },
    );

    app.get(
      `${area.prefix}/payments/:id`,
      {
        onRequest,
        schema: {
          tags: [area.tag, 'billing'],
          summary: 'O plată (pagina de plată și întoarcerea de la procesator)',
          params: area.params('id'),
          response: { 200: paymentSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { tenant } = area.scope(request);
        return presentPayment(await service.getPayment(db, tenant, Number((request.params as Params).id)));
      },
    );

    app.post(
      `${area.prefix}/users/:userId/subscriptions/:subscriptionId`,
      {
        onRequest,
        schema: {
          tags: [area.tag, 'billing'],
          summary: 'Inițiază plata unui plan (subscriptionId = id-ul planului); răspunde unde se plătește',
          params: area.params('userId', 'subscriptionId'),
          body: initPaymentBody,
          response: {
            201: {
              type: 'object',
              required: ['payment', 'redirect_url'],
              properties: { payment: paymentSchema, redirect_url: { type: 'string' } },
            },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { tenant, actor } = area.scope(request);
        const params = request.params as Params;
        const result = await service.initPayment(
          db,
          {
            tenant,
            actor,
            userId: Number(params.userId),
            planId: Number(params.subscriptionId),
          },
          provider,
        );
        return reply.status(201).send({ payment: presentPayment(result.payment), redirect_url: result.redirect_url });
      },
    );

    app.post<{ Body: StorePaymentBody }>(
      `${area.prefix}/users/:userId/payment/:id`,
      {
        onRequest,
        schema: {
          tags: [area.tag, 'billing'],
          summary: 'Înregistrează rezultatul procesatorului pentru o plată (idempotent)',
          params: area.params('userId', 'id'),
          body: storePaymentBody,
          response: {
            200: {
              type: 'object',
              required: ['payment', 'changed'],
              properties: { payment: paymentSchema, changed: { type: 'boolean' } },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { tenant, actor } = area.scope(request);
        const params = request.params as Params;
        const result = await service.storePaymentResult(
          db,
          {
            tenant,
            actor,
            userId: Number(params.userId),
            paymentId: Number(params.id),
            submitted: { status: request.body.status, provider_ref: request.body.provider_ref ?? null },
          },
          provider,
        );
        return { payment: presentPayment(result.payment), changed: result.changed };
      },
    );

    app.post(
      `${area.prefix}/subscriptions/:subscriptionId/change`,
      {
        onRequest,
        schema: {
          tags: [area.tag, 'billing'],
          summary: 'Schimbă planul unui abonament plătit (trecerea la un plan mai ieftin sau egal)',
          params: area.params('subscriptionId'),
          body: initPaymentBody,
          response: {
            200: {
              type: 'object',
              required: ['subscription', 'message'],
              properties: { subscription: subscriptionSchema, message: { type: 'string' } },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { tenant } = area.scope(request);
        const subscription = await service.changePlan(db, {
          tenant,
          planId: Number((request.params as Params).subscriptionId),
        });
        return {
          message: `Planul a fost schimbat în „${subscription.plan.name}”.`,
          subscription: {
            id: subscription.id,
            status: service.effectiveStatus(subscription),
            current_period_end: subscription.current_period_end.toISOString(),
            read_only: service.effectiveStatus(subscription) === 'expired',
            plan: presentPlan(subscription.plan),
          },
        };
      },
    );
  }

  // The admin's plan catalogue.
  const adminOnly = async (request: FastifyRequest): Promise<void> => {
    requireRole(request, [1]);
  };

  app.get(
    '/admin/plans',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Toate planurile (și cele inactive)',
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: planSchema } } },
          ...errorResponses,
        },
      },
    },
    async () => ({ data: (await repo.listPlans(db)).map(presentPlan) }),
  );

  app.post<{ Body: PlanBody }>(
    '/admin/plans',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adaugă un plan',
        body: createPlanBody,
        response: { 201: planSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await repo.insertPlan(db, {
        name: body.name.trim(),
        audience: body.audience,
        price_bani: bani(body.price_ron),
        max_clients: body.max_clients,
        max_users: body.max_users,
        max_storage_bytes: body.max_storage_bytes,
        is_trial: body.is_trial ?? false,
        active: body.active ?? true,
        position: body.position ?? 0,
      });
      return reply.status(201).send(presentPlan((await repo.findPlan(db, id)) as repo.PlanRecord));
    },
  );

  app.post<{ Body: Partial<Omit<PlanBody, 'audience'>>; Params: { id: string } }>(
    '/admin/plans/:id/update',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Modifică un plan (publicul planului nu se schimbă)',
        params: idParams,
        body: updatePlanBody,
        response: { 200: planSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await repo.findPlan(db, id))) throw errors.notFound('Planul');
      const { price_ron, ...rest } = request.body;
      if (rest.name !== undefined) rest.name = rest.name.trim();
      if (rest.name === '') throw errors.field('name', 'Câmpul name este obligatoriu.');
      await repo.updatePlan(db, id, { ...rest, ...(price_ron !== undefined ? { price_bani: bani(price_ron) } : {}) });
      return presentPlan((await repo.findPlan(db, id)) as repo.PlanRecord);
    },
  );
}
