import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import { tenantColumn, type Tenant } from './tenant.js';
import { storageUsedOf } from './usage-repository.js';

/**
 * Plans and subscriptions (usage: usage-repository.ts; payments: payments-repository.ts); every tenant query is
 * filtered by tenant.
 */

export type PlanRecord = {
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
};

export type SubscriptionRecord = {
  id: number;
  company_id: number | null;
  holding_id: number | null;
  plan_id: number;
  status: 'trial' | 'active' | 'expired';
  current_period_end: Date;
  created_at: Date;
  plan: PlanRecord;
  /** Bytes the tenant stores, read with it when asked for (findSubscription's `storage`). */
  storage_used?: number;
};

export type PaymentRecord = {
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
};

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

export type PlanInput = {
  name: string;
  audience: 'company' | 'holding';
  price_bani: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: number | null;
  is_trial: boolean;
  active: boolean;
  position: number;
};

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

/**
 * The tenant's subscription with its plan; with `storage`, the bytes it stores too, in the same statement
 * (an upload checks both twice: before reading its body, and under the tenants' lock).
 */
export async function findSubscription(
  db: Db,
  tenant: Tenant,
  { storage = false }: { storage?: boolean } = {},
): Promise<SubscriptionRecord | undefined> {
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
    .$if(storage, (qb) => qb.select(storageUsedOf(tenant).as('storage_used')))
    .where(`s.${tenantColumn(tenant)}`, '=', tenant.id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...(row.storage_used !== undefined ? { storage_used: Number(row.storage_used) } : {}),
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

/**
 * Locks the tenants' rows until the transaction ends, companies before holdings and each by id, so two
 * writers never wait on each other crosswise: a limit checked and written inside that transaction holds
 * under any number of parallel requests. `for no key update`, not `for update`: two writers of a tenant
 * still wait for each other, but a row inserted elsewhere that refers to the tenant (its foreign key
 * takes `for key share`) does not wait. With `for update`, an upload (tenant, then the client's counters)
 * and a review (the client's counters, then an activity row naming the company) deadlocked under the
 * bench's mixed workload.
 */
export async function lockTenantRows(trx: Db, tenants: readonly Tenant[]): Promise<void> {
  const ids = (kind: Tenant['kind']) =>
    [...new Set(tenants.filter((t) => t.kind === kind).map((t) => t.id))].sort((a, b) => a - b);
  for (const id of ids('company'))
    await trx.selectFrom('companies').select('id').where('id', '=', id).forNoKeyUpdate().execute();
  for (const id of ids('holding'))
    await trx.selectFrom('holdings').select('id').where('id', '=', id).forNoKeyUpdate().execute();
}
