import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes, type TenantScope } from '../doors/index.js';
import { BILLING_POLICY } from './policy.js';
import { paymentProvider } from './providers/index.js';
import { presentPayment, presentPlan, presentSubscriptionView } from './presenter.js';
import {
  idParams,
  initPaymentBody,
  paymentSchema,
  storePaymentBody,
  subscriptionSchema,
  subscriptionViewSchema,
} from './schemas.js';
import * as service from './service.js';
import type { Tenant } from './tenant.js';

const tenantOf = (scope: TenantScope): Tenant => ({ kind: scope.kind, id: scope.id });

const subscriptionParams = {
  type: 'object',
  required: ['subscriptionId'],
  properties: { subscriptionId: idParams.properties.id },
} as const;
const payPlanParams = {
  type: 'object',
  required: ['userId', 'subscriptionId'],
  properties: { userId: idParams.properties.id, subscriptionId: idParams.properties.id },
} as const;
const storeParams = {
  type: 'object',
  required: ['userId', 'id'],
  properties: { userId: idParams.properties.id, id: idParams.properties.id },
} as const;

/**
 * Subscriptions and payments of a tenant, on both doors: a company's owner (role 2) under
 * /api/company/{companyId}/…, a holding's administrator (role 4) under /api/holding/{holdingId}/….
 * The door checks the scope before the body is validated (anonymous 401, wrong role 403, another
 * tenant 404). The admin's plan catalogue and payment list are in admin-routes.ts.
 */
export const billingRoutes: DoorRoutes = (app, door) => {
  const provider = paymentProvider(app.ctx.config.billingProvider);
  const { db } = app.ctx;
  const tags = [door.tag, 'billing'];

  app.get(
    '/subscription',
    {
      config: allow(BILLING_POLICY, door, 'subscription.view'),
      schema: {
        tags,
        summary: 'Abonamentul curent, utilizarea față de limite, planurile disponibile și plățile recente',
        response: { 200: subscriptionViewSchema, ...errorResponses },
      },
    },
    async (request) => presentSubscriptionView(await service.subscriptionView(db, tenantOf(scopeOf(request)))),
  );

  app.get(
    '/payments/:id',
    {
      config: allow(BILLING_POLICY, door, 'payments.view'),
      schema: {
        tags,
        summary: 'O plată (pagina de plată și întoarcerea de la procesator)',
        params: idParams,
        response: { 200: paymentSchema, ...errorResponses },
      },
    },
    async (request) =>
      presentPayment(await service.getPayment(db, tenantOf(scopeOf(request)), Number(request.params.id))),
  );

  app.post(
    '/users/:userId/subscriptions/:subscriptionId',
    {
      config: allow(BILLING_POLICY, door, 'payments.pay'),
      schema: {
        tags,
        summary: 'Inițiază plata unui plan (subscriptionId = id-ul planului); răspunde unde se plătește',
        params: payPlanParams,
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
      const scope = scopeOf(request);
      const result = await service.initPayment(
        db,
        {
          tenant: tenantOf(scope),
          actor: scope.actor,
          userId: Number(request.params.userId),
          planId: Number(request.params.subscriptionId),
        },
        provider,
      );
      return reply.status(201).send({ payment: presentPayment(result.payment), redirect_url: result.redirect_url });
    },
  );

  app.post(
    '/users/:userId/payment/:id',
    {
      config: allow(BILLING_POLICY, door, 'payments.pay'),
      schema: {
        tags,
        summary: 'Înregistrează rezultatul procesatorului pentru o plată (idempotent)',
        params: storeParams,
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
      const scope = scopeOf(request);
      const result = await service.storePaymentResult(
        db,
        {
          tenant: tenantOf(scope),
          actor: scope.actor,
          userId: Number(request.params.userId),
          paymentId: Number(request.params.id),
          submitted: { status: request.body.status, provider_ref: request.body.provider_ref ?? null },
        },
        provider,
      );
      return { payment: presentPayment(result.payment), changed: result.changed };
    },
  );

  app.post(
    '/subscriptions/:subscriptionId/change',
    {
      config: allow(BILLING_POLICY, door, 'subscription.change'),
      schema: {
        tags,
        summary: 'Schimbă planul unui abonament plătit (trecerea la un plan mai ieftin sau egal)',
        params: subscriptionParams,
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
      const subscription = await service.changePlan(db, {
        tenant: tenantOf(scopeOf(request)),
        planId: Number(request.params.subscriptionId),
      });
      const status = service.effectiveStatus(subscription);
      return {
        message: `Planul a fost schimbat în „${subscription.plan.name}”.`,
        subscription: {
          id: subscription.id,
          status,
          current_period_end: subscription.current_period_end.toISOString(),
          read_only: status === 'expired',
          plan: presentPlan(subscription.plan),
        },
      };
    },
  );
};
