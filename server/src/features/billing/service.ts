import { fieldMessages } from '../../infra/error-messages.js';
import { type AppError, errors, formatBytes } from '../../infra/errors.js';
import type { Db } from '../../infra/db.js';
import type { Actor } from '../../infra/auth.js';
import * as repo from './repository.js';
import * as payments from './payments-repository.js';
import type { PaymentRecord, PlanRecord, SubscriptionRecord } from './repository.js';
import { usageOf, type Usage } from './usage-repository.js';
import { toTenant, type Tenant, type TenantRef } from './tenant.js';
import { paymentProvider, type PaymentProvider } from './providers/index.js';

export const TRIAL_DAYS = 14;

export type EffectiveStatus = 'trial' | 'active' | 'expired';

/** A subscription whose period ended is expired, whatever its stored status says. */
export function effectiveStatus(
  subscription: Pick<SubscriptionRecord, 'status' | 'current_period_end'>,
  now = new Date(),
): EffectiveStatus {
  if (subscription.status === 'expired' || subscription.current_period_end.getTime() <= now.getTime()) return 'expired';
  return subscription.status;
}

/**
 * Starts the 14-day trial of a new company or holding (call it right after the
 * tenant's row is inserted, in the same transaction). Does nothing when the
 * tenant already has a subscription or no active plan exists for its audience.
 */
export async function startTrial(db: Db, ref: TenantRef | Tenant): Promise<void> {
  const tenant = toTenant(ref);
  const plan = await repo.findTrialPlan(db, tenant.kind);
  if (!plan) return;
  await repo.insertTrialSubscription(db, tenant, plan.id, TRIAL_DAYS);
}

/**
 * The tenant's subscription, starting a trial for a tenant that has none (e.g. created before billing
 * existed); with `storage`, the bytes it stores read in the same statement (findSubscription).
 */
export async function ensureSubscription(
  db: Db,
  ref: TenantRef | Tenant,
  options: { storage?: boolean } = {},
): Promise<SubscriptionRecord | undefined> {
  const tenant = toTenant(ref);
  const existing = await repo.findSubscription(db, tenant, options);
  if (existing) return existing;
  if (!(await repo.tenantExists(db, tenant))) return undefined;
  await startTrial(db, tenant);
  return repo.findSubscription(db, tenant, options);
}

const limitValue = (plan: PlanRecord, key: keyof Usage): number | null =>
  key === 'clients' ? plan.max_clients : key === 'users' ? plan.max_users : plan.max_storage_bytes;

const showAmount = (key: keyof Usage, value: number): string =>
  key === 'storage_bytes' ? formatBytes(value) : String(value);

/** The 409 naming the first limit of plan that usage exceeds; null when everything fits. */
export function usageOverPlan(plan: PlanRecord, usage: Usage): AppError | null {
  for (const key of ['clients', 'users', 'storage_bytes'] as const) {
    const max = limitValue(plan, key);
    if (max !== null && usage[key] > max) {
      return errors.usageOverPlan(plan.name, key, showAmount(key, max), showAmount(key, usage[key]));
    }
  }
  return null;
}

// The tenant's screen

export interface SubscriptionView {
  subscription: {
    id: number;
    status: EffectiveStatus;
    current_period_end: Date;
    read_only: boolean;
    plan: PlanRecord;
  } | null;
  usage: Usage;
  plans: PlanRecord[];
  payments: PaymentRecord[];
}

export async function subscriptionView(db: Db, ref: TenantRef | Tenant): Promise<SubscriptionView> {
  const tenant = toTenant(ref);
  const subscription = await ensureSubscription(db, tenant);
  const status = subscription ? effectiveStatus(subscription) : null;
  return {
    subscription:
      subscription && status
        ? {
            id: subscription.id,
            status,
            current_period_end: subscription.current_period_end,
            read_only: status === 'expired',
            plan: subscription.plan,
          }
        : null,
    usage: await usageOf(db, tenant),
    plans: await repo.listPlans(db, { audience: tenant.kind, activeOnly: true }),
    payments: await payments.listTenantPayments(db, tenant, 20),
  };
}

/** An active plan the tenant may buy or switch to; anything else answers 404. */
async function purchasablePlan(db: Db, tenant: Tenant, planId: number): Promise<PlanRecord> {
  const plan = await repo.findPlan(db, planId);
  if (!plan || !plan.active || plan.audience !== tenant.kind) throw errors.notFound('Planul');
  if (plan.is_trial) throw errors.field('subscription_id', fieldMessages.billing.trialNotChosen);
  return plan;
}

function assertOwnUser(actor: Actor, userId: number): void {
  // The payment calls carry the payer's id in the path; only the signed-in user may pay as themselves.
  if (actor.id !== userId) throw errors.forbidden();
}

const returnPathFor = (tenant: Tenant): string =>
  tenant.kind === 'company' ? '/company/subscription' : '/client/subscription';

/** POST …/users/{userId}/subscriptions/{subscriptionId}: a pending payment for the plan and where to pay it. */
export async function initPayment(
  db: Db,
  input: { tenant: Tenant; actor: Actor; userId: number; planId: number },
  provider: PaymentProvider = paymentProvider(),
): Promise<{ payment: PaymentRecord; redirect_url: string }> {
  assertOwnUser(input.actor, input.userId);
  const plan = await purchasablePlan(db, input.tenant, input.planId);
  const over = usageOverPlan(plan, await usageOf(db, input.tenant));
  if (over) throw over;
  await ensureSubscription(db, input.tenant);
  const payment = await payments.insertPayment(db, {
    tenant: input.tenant,
    user_id: input.actor.id,
    plan,
    provider: provider.name,
  });
  const checkout = await provider.createCheckout({
    paymentId: payment.id,
    amountBani: payment.amount_bani,
    currency: payment.currency,
    description: `Abonament Dosar „${plan.name}” — o lună`,
    returnPath: returnPathFor(input.tenant),
  });
  if (checkout.providerRef) {
    await payments.setPaymentProviderRef(db, payment.id, checkout.providerRef);
    payment.provider_ref = checkout.providerRef;
  }
  return { payment, redirect_url: checkout.redirectUrl };
}

/** One of the tenant's payments (for the checkout page and the return screen). */
export async function getPayment(db: Db, tenant: Tenant, id: number): Promise<PaymentRecord> {
  const payment = await payments.findTenantPayment(db, tenant, id);
  if (!payment) throw errors.notFound('Plata');
  return payment;
}

/**
 * POST …/users/{userId}/payment/{id}: stores the provider's verdict once. The
 * same verdict again answers the payment unchanged (counted once); a different
 * verdict for a decided payment is a conflict. A paid payment activates its
 * plan and adds one month to the period.
 */
export async function storePaymentResult(
  db: Db,
  input: {
    tenant: Tenant;
    actor: Actor;
    userId: number;
    paymentId: number;
    submitted: { status: 'paid' | 'failed'; provider_ref?: string | null };
  },
  provider: PaymentProvider = paymentProvider(),
): Promise<{ payment: PaymentRecord; changed: boolean }> {
  assertOwnUser(input.actor, input.userId);
  const payment = await getPayment(db, input.tenant, input.paymentId);
  const verdict = await provider.verifyResult({ payment, submitted: input.submitted });
  return db.transaction().execute(async (trx) => {
    const decided = await payments.decidePendingPayment(trx, input.tenant, payment.id, {
      status: verdict.status,
      provider_ref: verdict.providerRef,
    });
    if (!decided) {
      const current = await getPayment(trx, input.tenant, payment.id);
      if (current.status === verdict.status) return { payment: current, changed: false };
      throw errors.paymentDecided();
    }
    if (decided.status === 'paid') {
      await ensureSubscription(trx, input.tenant);
      const periodEnd = await repo.extendSubscription(trx, input.tenant, decided.plan_id);
      await payments.setPaymentPeriodEnd(trx, decided.id, periodEnd);
      decided.period_end = periodEnd;
    }
    return { payment: decided, changed: true };
  });
}

/**
 * POST …/subscriptions/{subscriptionId}/change: switches a paid, running
 * subscription to another plan at once, keeping its period end. A plan that
 * costs more, or any plan while on trial or expired, is bought through a
 * payment instead; a plan the current usage doesn't fit in is refused.
 */
export async function changePlan(db: Db, input: { tenant: Tenant; planId: number }): Promise<SubscriptionRecord> {
  const plan = await purchasablePlan(db, input.tenant, input.planId);
  const subscription = await ensureSubscription(db, input.tenant);
  if (!subscription) throw errors.notFound('Abonamentul');
  if (subscription.plan_id === plan.id)
    throw errors.field('subscription_id', fieldMessages.billing.alreadyYourPlan(plan.name));
  const over = usageOverPlan(plan, await usageOf(db, input.tenant));
  if (over) throw over;
  if (effectiveStatus(subscription) !== 'active') {
    throw errors.planNeedsPayment(plan.name);
  }
  if (plan.price_bani > subscription.plan.price_bani) {
    throw errors.pricierPlanNeedsPayment(plan.name);
  }
  await repo.setSubscriptionPlan(db, input.tenant, plan.id);
  return (await repo.findSubscription(db, input.tenant)) as SubscriptionRecord;
}
