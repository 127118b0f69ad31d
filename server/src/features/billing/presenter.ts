import type { PaymentRecord, PlanRecord } from './repository.js';
import type { SubscriptionView } from './service.js';

/** Dates leave as ISO strings (nullable date columns included). */
export const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

export const bani = (ron: number): number => Math.round(ron * 100);
export const ron = (bani: number): number => Math.round(bani) / 100;

export function presentPlan(plan: PlanRecord) {
  return {
    id: plan.id,
    name: plan.name,
    audience: plan.audience,
    price_ron: ron(plan.price_bani),
    max_clients: plan.max_clients,
    max_users: plan.max_users,
    max_storage_bytes: plan.max_storage_bytes,
    is_trial: plan.is_trial,
    active: plan.active,
    position: plan.position,
  };
}

export function presentPayment(payment: PaymentRecord) {
  return {
    id: payment.id,
    company_id: payment.company_id,
    holding_id: payment.holding_id,
    user_id: payment.user_id,
    // The API calls the plan a "subscription": payment calls carry subscription_id.
    subscription_id: payment.plan_id,
    plan_id: payment.plan_id,
    plan_name: payment.plan_name,
    amount: ron(payment.amount_bani),
    currency: payment.currency,
    status: payment.status,
    provider: payment.provider,
    provider_ref: payment.provider_ref,
    period_end: iso(payment.period_end),
    decided_at: iso(payment.decided_at),
    created_at: iso(payment.created_at) as string,
  };
}

export function presentSubscriptionView(view: SubscriptionView) {
  return {
    subscription: view.subscription
      ? {
          ...view.subscription,
          current_period_end: iso(view.subscription.current_period_end) as string,
          plan: presentPlan(view.subscription.plan),
        }
      : null,
    usage: view.usage,
    plans: view.plans.map(presentPlan),
    payments: view.payments.map(presentPayment),
  };
}
