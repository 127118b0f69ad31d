import { Readable } from 'node:stream';
import type { FromSchema } from 'json-schema-to-ts';
import type { Db } from '../../infra/db.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { pagedList } from '../../lib/paging.js';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import { csvAmount, csvDate } from './csv.js';
import * as payments from './payments-repository.js';
import { bani, iso, presentPayment, presentPlan, ron } from './presenter.js';
import * as repo from './repository.js';
import { countClients, storageUsed } from './usage-repository.js';
import type { createPlanBody, paymentQuery, updatePlanBody } from './schemas.js';
import { effectiveStatus } from './service.js';
import type { Tenant } from './tenant.js';

/** The platform admin's side of billing: the plan catalogue, every tenant's payments, a tenant's account. */

// The plan catalogue

export type PlanBody = FromSchema<typeof createPlanBody>;
export type PaymentQuery = FromSchema<typeof paymentQuery>;

export async function listAllPlans(db: Db) {
  return { data: (await repo.listPlans(db)).map(presentPlan) };
}

export async function createPlan(db: Db, body: PlanBody) {
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
  return presentPlan((await repo.findPlan(db, id)) as repo.PlanRecord);
}

/** Changes a plan; its audience stays. */
export async function updatePlan(db: Db, id: number, body: FromSchema<typeof updatePlanBody>) {
  if (!(await repo.findPlan(db, id))) throw errors.notFound('Planul');
  const { price_ron, ...rest } = body;
  if (rest.name !== undefined) rest.name = rest.name.trim();
  if (rest.name === '') throw errors.field('name', fieldMessages.billing.planNameRequired);
  await repo.updatePlan(db, id, { ...rest, ...(price_ron !== undefined ? { price_bani: bani(price_ron) } : {}) });
  return presentPlan((await repo.findPlan(db, id)) as repo.PlanRecord);
}

// A tenant's account, as the admin's company and holding pages show it

export async function tenantAccount(db: Db, tenant: Tenant) {
  const subscription = await repo.findSubscription(db, tenant);
  return {
    clients_count: await countClients(db, tenant),
    storage_bytes: await storageUsed(db, tenant),
    subscription: subscription
      ? {
          id: subscription.id,
          status: effectiveStatus(subscription),
          current_period_end: iso(subscription.current_period_end),
          plan: presentPlan(subscription.plan),
        }
      : null,
    payments: (await payments.listTenantPayments(db, tenant, 50)).map(presentPayment),
  };
}

// Every tenant's payments

/** A YYYY-MM-DD the calendar has (the schema lets 2026-02-31 through; PostgreSQL would refuse it mid-CSV). */
function realDay(value: string | undefined, field: 'from' | 'to'): string | null {
  if (!value) return null;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw errors.field(field, fieldMessages.billing.noSuchDay(value));
  }
  return value;
}

function paymentFilters(q: PaymentQuery): payments.PaymentFilters {
  return {
    status: q.status ?? null,
    from: realDay(q.from, 'from'),
    to: realDay(q.to, 'to'),
    companyId: q.company_id ? Number(q.company_id) : null,
    holdingId: q.holding_id ? Number(q.holding_id) : null,
  };
}

export async function paymentsListPage(db: Db, query: PaymentQuery) {
  const page = Math.max(1, Number(query.page ?? 1));
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 20)));
  return paymentsPage(db, paymentFilters(query), page, perPage);
}

export const paymentsCsvOf = (db: Db, query: PaymentQuery): Readable => paymentsCsv(db, paymentFilters(query));

export function presentAdminPayment(p: payments.AdminPaymentRow) {
  return {
    ...presentPayment(p),
    company_name: p.company_name,
    holding_name: p.holding_name,
    user_name: p.user_name,
    user_email: p.user_email,
  };
}

export async function paymentsPage(db: Db, filters: payments.PaymentFilters, page: number, perPage: number) {
  const { rows, total, totals } = await payments.listPayments(db, filters, page, perPage);
  const present = (t: { count: number; amount_bani: number }) => ({ count: t.count, amount: ron(t.amount_bani) });
  return {
    ...pagedList(rows.map(presentAdminPayment), { page, perPage }, total),
    totals: { pending: present(totals.pending), paid: present(totals.paid), failed: present(totals.failed) },
  };
}

const STATUS_RO = { pending: 'În așteptare', paid: 'Plătită', failed: 'Eșuată' } as const;

export const PAYMENT_CSV_HEADER = [
  'Nr. plată',
  'Data',
  'Tip client',
  'Firmă / holding',
  'Plan',
  'Sumă',
  'Monedă',
  'Stare',
  'Procesator',
  'Referință procesator',
  'Plătitor',
  'E-mail plătitor',
  'Valabil până la',
];

/** The CSV export as a stream: header, then the payments in batches (never the whole table in memory). */
export function paymentsCsv(db: Db, filters: payments.PaymentFilters): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvRow(PAYMENT_CSV_HEADER);
    for await (const batch of payments.streamPayments(db, filters)) {
      yield batch
        .map((p) =>
          csvRow([
            p.id,
            csvDate(p.created_at),
            p.company_id !== null ? 'Companie' : 'Holding',
            p.company_name ?? p.holding_name,
            p.plan_name,
            csvAmount(p.amount_bani),
            p.currency,
            STATUS_RO[p.status],
            p.provider,
            p.provider_ref,
            p.user_name,
            p.user_email,
            csvDate(p.period_end),
          ]),
        )
        .join('');
    }
  }
  return Readable.from(lines());
}
