/** Plan, subscription, payment and person shapes the admin detail calls answer (server/src/features/admin/schemas.ts). */
import type { Payment, Plan } from '@dosar/shared';

/** A plan as the admin detail calls show it: the shared Plan without its catalogue fields. */
export type PlanSummary = Omit<Plan, 'active' | 'position'>;

export interface SubscriptionSummary {
  id: number;
  status: 'trial' | 'active' | 'expired';
  current_period_end: string | null;
  plan: PlanSummary;
}

export type PaymentSummary = Omit<Payment, 'subscription_id'>;

export interface Person {
  id: number;
  name: string;
  email: string;
  role: number;
  last_seen_at: string | null;
  created_at: string;
}
