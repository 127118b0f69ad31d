import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import { errorResponses } from '../../lib/http-schemas.js';
import * as repo from './repository.js';
import * as service from './service.js';
import {
  companyDetailSchema,
  companyListQuery,
  companyListSchema,
  createCompanyBody,
  holdingDetailSchema,
  holdingListQuery,
  holdingListSchema,
  idParams,
  paymentListSchema,
  paymentQuery,
  type ListQuerystring,
  type PaymentQuerystring,
} from './schemas.js';

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

function listQuery(q: ListQuerystring, sorts: readonly string[]): repo.ListQuery {
  return {
    page: Math.max(1, Number(q.page ?? 1)),
    perPage: Math.min(100, Math.max(1, Number(q.per_page ?? 20))),
    search: q.search ?? '',
    sort: q.sort && sorts.includes(q.sort) ? q.sort : 'name',
    direction: q.direction ?? (q.sort === 'created_at' || q.sort === 'clients_count' ? 'desc' : 'asc'),
  };
}

/** A YYYY-MM-DD the calendar has (the schema lets 2026-02-31 through; PostgreSQL would refuse it mid-CSV). */
function realDay(value: string | undefined, field: 'from' | 'to'): string | null {
  if (!value) return null;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw errors.field(field, `Data „${value}” nu există în calendar.`);
  }
  return value;
}

function paymentFilters(q: PaymentQuerystring): repo.PaymentFilters {
  return {
    status: q.status ?? null,
    from: realDay(q.from, 'from'),
    to: realDay(q.to, 'to'),
    companyId: q.company_id ? Number(q.company_id) : null,
    holdingId: q.holding_id ? Number(q.holding_id) : null,
  };
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** The platform administrator's calls (/api/admin/…): companies, holdings, payments. Role 1 only. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // 401 anonymous, 403 any other role, before validation or anything else runs.
  app.addHook('onRequest', async (request) => {
    requireRole(request, [1]);
  });

  app.get<{ Querystring: ListQuerystring }>(
    '/admin/companies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Companiile: căutare (nume, CUI, e-mail), filtru de stare, paginare',
        querystring: companyListQuery,
        response: { 200: companyListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = listQuery(request.query, repo.COMPANY_SORTS);
      const { rows, total } = await repo.listCompanies(db, { ...q, status: request.query.status ?? null });
      return {
        data: rows.map((r) => ({ ...r, created_at: iso(r.created_at), current_period_end: iso(r.current_period_end) })),
        meta: { page: q.page, per_page: q.perPage, total },
      };
    },
  );

  app.post<{ Body: service.CreateCompanyBody }>(
    '/admin/companies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creează o companie cu proprietarul ei (primește e-mail pentru setarea parolei)',
        body: createCompanyBody,
        response: { 201: companyDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, [1]);
      const id = await service.createCompany(app.ctx, request.body, { id: actor.id, ip: request.ip });
      return reply.status(201).send(await service.companyDetail(db, id));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/admin/companies/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'O companie: utilizatori, clienți, spațiu folosit, plan și plăți',
        params: idParams,
        response: { 200: companyDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.companyDetail(db, Number(request.params.id)),
  );

  for (const [action, status] of [
    ['suspend', 'suspended'],
    ['reactivate', 'active'],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/admin/companies/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            action === 'suspend'
              ? 'Suspendă o companie: utilizatorii ei nu se mai pot autentifica; nu se șterge nimic'
              : 'Reactivează o companie suspendată',
          params: idParams,
          response: { 200: companyDetailSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireRole(request, [1]);
        const id = Number(request.params.id);
        await service.setCompanyStatus(db, id, status, { id: actor.id, ip: request.ip });
        return service.companyDetail(db, id);
      },
    );
  }

  app.get<{ Querystring: ListQuerystring }>(
    '/admin/holdings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grupurile: căutare și paginare',
        querystring: holdingListQuery,
        response: { 200: holdingListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = listQuery(request.query, repo.HOLDING_SORTS);
      const { rows, total } = await repo.listHoldings(db, q);
      return {
        data: rows.map((r) => ({ ...r, created_at: iso(r.created_at), current_period_end: iso(r.current_period_end) })),
        meta: { page: q.page, per_page: q.perPage, total },
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/admin/holdings/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Un grup: companiile legate, utilizatorii, planul și plățile',
        params: idParams,
        response: { 200: holdingDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.holdingDetail(db, Number(request.params.id)),
  );

  app.get<{ Querystring: PaymentQuerystring }>(
    '/admin/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Toate plățile, filtrate după stare, perioadă (from/to, zile incluse) și client; cu totaluri pe stare',
        querystring: paymentQuery,
        response: { 200: paymentListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = Math.max(1, Number(request.query.page ?? 1));
      const perPage = Math.min(100, Math.max(1, Number(request.query.per_page ?? 20)));
      return service.paymentsPage(db, paymentFilters(request.query), page, perPage);
    },
  );

  app.get<{ Querystring: PaymentQuerystring }>(
    '/admin/payments.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Exportul CSV al plăților filtrate (UTF-8 cu BOM, separator „;”, pentru Excel)',
        querystring: paymentQuery,
        produces: ['text/csv'],
        response: { 200: { type: 'string' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="plati-${today()}.csv"`)
        .header('Cache-Control', 'no-store');
      return reply.send(service.paymentsCsv(db, paymentFilters(request.query)));
    },
  );
}
