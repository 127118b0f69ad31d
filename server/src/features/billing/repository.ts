import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { tenantColumn, type Tenant } from './tenant.js';

/** The only code of the billing feature that touches Kysely; every query is filtered by tenant. */

export interface PlanRecord {
  id: number;
  name: string;
  audience: 'company' | 'holding';
  price_bani: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: number | null;
  is_trial: boolean;
  active: boolean;
  position: number;
}

export interface SubscriptionRecord {
  id: number;
  company_id: number | null;
  holding_id: number | null;
  plan_id: number;
  status: 'trial' | 'active' | 'expired';
  current_period_end: Date;
  created_at: Date;
  plan: PlanRecord;
}

export interface PaymentRecord {
  id: number;
  company_id: number | null;
  holding_id: number | null;
  user_id: number;
  plan_id: number;
  plan_name: string;
  amount_bani: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  provider: string;
  provider_ref: string | null;
  period_end: Date | null;
  decided_at: Date | null;
  created_at: Date;
}

export interface Usage {
  clients: number;
  users: number;
  storage_bytes: number;
}

const planColumns = [
  'id',
  'name',
  'audience',
  'price_bani',
  'max_clients',
  'max_users',
  'max_storage_bytes',
  'is_trial',
  'active',
  'position',
] as const;

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

function toPlan(row: Record<string, unknown>): PlanRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    audience: row.audience as PlanRecord['audience'],
    price_bani: Number(row.price_bani),
    max_clients: row.max_clients === null ? null : Number(row.max_clients),
    max_users: row.max_users === null ? null : Number(row.max_users),
    max_storage_bytes: row.max_storage_bytes === null ? null : Number(row.max_storage_bytes),
    is_trial: Boolean(row.is_trial),
    active: Boolean(row.active),
    position: Number(row.position),
  };
}

export function toPayment(row: Record<string, unknown>): PaymentRecord {
  return { ...(row as unknown as PaymentRecord), amount_bani: Number(row.amount_bani) };
}

// Plans

export async function listPlans(
  db: Db,
  filter: { audience?: 'company' | 'holding'; activeOnly?: boolean } = {},
): Promise<PlanRecord[]> {
  let query = db.selectFrom('plans').select(planColumns).orderBy('audience').orderBy('position').orderBy('id');
  if (filter.audience) query = query.where('audience', '=', filter.audience);
  if (filter.activeOnly) query = query.where('active', '=', true);
  return (await query.execute()).map(toPlan);
}

export async function findPlan(db: Db, id: number): Promise<PlanRecord | undefined> {
  const row = await db.selectFrom('plans').select(planColumns).where('id', '=', id).executeTakeFirst();
  return row ? toPlan(row) : undefined;
}

export async function findTrialPlan(db: Db, audience: 'company' | 'holding'): Promise<PlanRecord | undefined> {
  const row = await db
    .selectFrom('plans')
    .select(planColumns)
    .where('audience', '=', audience)
    .where('active', '=', true)
    .orderBy('is_trial', 'desc')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return row ? toPlan(row) : undefined;
}

export interface PlanInput {
  name: string;
  audience: 'company' | 'holding';
  price_bani: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: number | null;
  is_trial: boolean;
  active: boolean;
  position: number;
}

export async function insertPlan(db: Db, plan: PlanInput): Promise<number> {
  const row = await db.insertInto('plans').values(plan).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePlan(db: Db, id: number, patch: Partial<Omit<PlanInput, 'audience'>>): Promise<void> {
  await db
    .updateTable('plans')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

// Subscriptions

export async function findSubscription(db: Db, tenant: Tenant): Promise<SubscriptionRecord | undefined> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select([
      's.id',
      's.company_id',
      's.holding_id',
      's.plan_id',
      's.status',
      's.current_period_end',
      's.created_at',
      'p.name',
      'p.audience',
      'p.price_bani',
      'p.max_clients',
      'p.max_users',
      'p.max_storage_bytes',
      'p.is_trial',
      'p.active',
      'p.position',
    ])
    .where(`s.${tenantColumn(tenant)}`, '=', tenant.id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    company_id: row.company_id,
    holding_id: row.holding_id,
    plan_id: row.plan_id,
    status: row.status,
    current_period_end: row.current_period_end,
    created_at: row.created_at,
    plan: toPlan({ ...row, id: row.plan_id }),
  };
}

/** Inserts a trial subscription unless the tenant has one already (then does nothing). */
export async function insertTrialSubscription(db: Db, tenant: Tenant, planId: number, days: number): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      company_id: tenant.kind === 'company' ? tenant.id : null,
      holding_id: tenant.kind === 'holding' ? tenant.id : null,
      plan_id: planId,
      status: 'trial',
      current_period_end: sql<Date>`now() + make_interval(days => ${days})`,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setSubscriptionPlan(db: Db, tenant: Tenant, planId: number): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ plan_id: planId, updated_at: new Date() })
    .where(tenantColumn(tenant), '=', tenant.id)
    .execute();
}

/** A paid month: the plan becomes active and the period runs one month past max(now, its current end). */
export async function extendSubscription(db: Db, tenant: Tenant, planId: number): Promise<Date> {
  const row = await db
    .updateTable('subscriptions')
    .set({
      plan_id: planId,
      status: 'active',
      current_period_end: sql<Date>`greatest(now(), current_period_end) + interval '1 month'`,
      updated_at: new Date(),
    })
    .where(tenantColumn(tenant), '=', tenant.id)
    .returning('current_period_end')
    .executeTakeFirstOrThrow();
  return row.current_period_end;
}

export async function tenantExists(db: Db, tenant: Tenant): Promise<boolean> {
  const table = tenant.kind === 'company' ? 'companies' : 'holdings';
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', tenant.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

// Usage

export async function countClients(db: Db, tenant: Tenant): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUsers(db: Db, tenant: Tenant): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(tenantColumn(tenant), '=', tenant.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes of the tenant's live files: a company's own media; a holding's, those of its clients. */
export async function storageUsed(db: Db, tenant: Tenant): Promise<number> {
  if (tenant.kind === 'company') {
    const row = await db
      .selectFrom('media')
      .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
      .where('company_id', '=', tenant.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }
  const row = await db
    .selectFrom('media as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .select(sql<string>`coalesce(sum(m.size), 0)`.as('bytes'))
    .where('c.holding_id', '=', tenant.id)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export async function usageOf(db: Db, tenant: Tenant): Promise<Usage> {
  return {
    clients: await countClients(db, tenant),
    users: await countUsers(db, tenant),
    storage_bytes: await storageUsed(db, tenant),
  };
}

// Payments

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
