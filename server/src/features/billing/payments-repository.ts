import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { PaymentRecord, PlanRecord } from './repository.js';
import { tenantColumn, type Tenant } from './tenant.js';

/** Payments: a tenant's own (filtered by tenant), and every tenant's for the platform admin's list and export. */

export const paymentColumns = [
  'payments.id',
  'payments.company_id',
  'payments.holding_id',
  'payments.user_id',
  'payments.plan_id',
  'payments.plan_name',
  'payments.amount_bani',
  'payments.currency',
  'payments.status',
  'payments.provider',
  'payments.provider_ref',
  'payments.period_end',
  'payments.decided_at',
  'payments.created_at',
] as const;

export function toPayment(row: Record<string, unknown>): PaymentRecord {
  return { ...(row as unknown as PaymentRecord), amount_bani: Number(row.amount_bani) };
}

// A tenant's payments

export async function insertPayment(
  db: Db,
  payment: { tenant: Tenant; user_id: number; plan: PlanRecord; provider: string },
): Promise<PaymentRecord> {
  const row = await db
    .insertInto('payments')
    .values({
      company_id: payment.tenant.kind === 'company' ? payment.tenant.id : null,
      holding_id: payment.tenant.kind === 'holding' ? payment.tenant.id : null,
      user_id: payment.user_id,
      plan_id: payment.plan.id,
      plan_name: payment.plan.name,
      amount_bani: payment.plan.price_bani,
      provider: payment.provider,
    })
    .returning(paymentColumns)
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

export async function setPaymentProviderRef(db: Db, id: number, providerRef: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ provider_ref: providerRef, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The tenant's payment, or undefined (another tenant's id looks the same as a missing one). */
export async function findTenantPayment(db: Db, tenant: Tenant, id: number): Promise<PaymentRecord | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(paymentColumns)
    .where('id', '=', id)
    .where(tenantColumn(tenant), '=', tenant.id)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/**
 * Moves a pending payment to its result in one statement, so two concurrent
 * stores of a result can't both win; undefined when it was not pending.
 */
export async function decidePendingPayment(
  db: Db,
  tenant: Tenant,
  id: number,
  result: { status: 'paid' | 'failed'; provider_ref: string | null },
): Promise<PaymentRecord | undefined> {
  const now = new Date();
  const row = await db
    .updateTable('payments')
    .set((eb) => ({
      status: result.status,
      provider_ref: result.provider_ref === null ? eb.ref('provider_ref') : result.provider_ref,
      decided_at: now,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('status', '=', 'pending')
    .returning(paymentColumns)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export async function setPaymentPeriodEnd(db: Db, id: number, periodEnd: Date): Promise<void> {
  await db.updateTable('payments').set({ period_end: periodEnd }).where('id', '=', id).execute();
}

export async function listTenantPayments(db: Db, tenant: Tenant, limit = 20): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom('payments')
    .select(paymentColumns)
    .where(tenantColumn(tenant), '=', tenant.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPayment);
}

// Every tenant's payments, for the platform admin

export interface PaymentFilters {
  status: 'pending' | 'paid' | 'failed' | null;
  /** Inclusive calendar days (YYYY-MM-DD), Romanian time. */
  from: string | null;
  to: string | null;
  companyId: number | null;
  holdingId: number | null;
}

export type AdminPaymentRow = PaymentRecord & {
  company_name: string | null;
  holding_name: string | null;
  user_name: string | null;
  user_email: string | null;
};

function filteredPayments(db: Db, f: PaymentFilters) {
  return db
    .selectFrom('payments')
    .leftJoin('companies as c', 'c.id', 'payments.company_id')
    .leftJoin('holdings as h', 'h.id', 'payments.holding_id')
    .leftJoin('users as u', 'u.id', 'payments.user_id')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (f.status) conditions.push(eb('payments.status', '=', f.status));
      if (f.from)
        conditions.push(
          eb('payments.created_at', '>=', sql<Date>`(${f.from}::date)::timestamp at time zone 'Europe/Bucharest'`),
        );
      if (f.to) {
        conditions.push(
          eb('payments.created_at', '<', sql<Date>`((${f.to}::date) + 1)::timestamp at time zone 'Europe/Bucharest'`),
        );
      }
      if (f.companyId !== null) conditions.push(eb('payments.company_id', '=', f.companyId));
      if (f.holdingId !== null) conditions.push(eb('payments.holding_id', '=', f.holdingId));
      return eb.and(conditions);
    });
}

const paymentListColumns = [
  ...paymentColumns,
  'c.name as company_name',
  'h.name as holding_name',
  'u.name as user_name',
  'u.email as user_email',
] as const;

export async function listPayments(
  db: Db,
  f: PaymentFilters,
  page: number,
  perPage: number,
): Promise<{
  rows: AdminPaymentRow[];
  total: number;
  totals: Record<'pending' | 'paid' | 'failed', { count: number; amount_bani: number }>;
}> {
  const rows = await filteredPayments(db, f)
    .select(paymentListColumns)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const grouped = await filteredPayments(db, f)
    .select([
      'payments.status',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<string>`coalesce(sum(payments.amount_bani), 0)`.as('amount'),
    ])
    .groupBy('payments.status')
    .execute();
  const totals = {
    pending: { count: 0, amount_bani: 0 },
    paid: { count: 0, amount_bani: 0 },
    failed: { count: 0, amount_bani: 0 },
  };
  for (const g of grouped) totals[g.status] = { count: Number(g.n), amount_bani: Number(g.amount) };
  const total = totals.pending.count + totals.paid.count + totals.failed.count;
  return { rows: rows.map((r) => ({ ...r, ...toPayment(r) }) as AdminPaymentRow), total, totals };
}

/** Every matching payment, oldest first, a page of `batch` at a time (keyset on id): for the CSV export. */
export async function* streamPayments(db: Db, f: PaymentFilters, batch = 500): AsyncGenerator<AdminPaymentRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await filteredPayments(db, f)
      .select(paymentListColumns)
      .where('payments.id', '>', afterId)
      .orderBy('payments.id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, ...toPayment(r) }) as AdminPaymentRow);
    afterId = rows[rows.length - 1].id;
    if (rows.length < batch) return;
  }
}
