import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { requireRole } from '../../infra/auth.js';
import { errorResponses } from '../../lib/http-schemas.js';
import { todayInRomania } from '../../lib/ro-calendar.js';
import * as admin from './admin-service.js';
import { createPlanBody, idParams, paymentListSchema, paymentQuery, planSchema, updatePlanBody } from './schemas.js';

/** A CSV download, streamed (the schema's `string` documents it; a stream is never serialised). */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}

/** The platform admin's billing (/api/admin/…): the plan catalogue, every tenant's payments. Role 1 only. */
export async function billingAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { db } = app.ctx;
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
    async () => admin.listAllPlans(db),
  );

  app.post(
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
    async (request, reply) => reply.status(201).send(await admin.createPlan(db, request.body)),
  );

  app.post(
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
    async (request) => admin.updatePlan(db, Number(request.params.id), request.body),
  );

  app.get(
    '/admin/payments',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Toate plățile, filtrate după stare, perioadă (from/to, zile incluse) și client; cu totaluri pe stare',
        querystring: paymentQuery,
        response: { 200: paymentListSchema, ...errorResponses },
      },
    },
    async (request) => admin.paymentsListPage(db, request.query),
  );

  app.get(
    '/admin/payments.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Exportul CSV al plăților filtrate (UTF-8 cu BOM, separator „;”, pentru Excel)',
        querystring: paymentQuery,
        produces: ['text/csv'],
        response: { 200: { type: 'string' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      return sendCsv(reply, `plati-${todayInRomania()}.csv`, admin.paymentsCsvOf(db, request.query));
    },
  );
}
