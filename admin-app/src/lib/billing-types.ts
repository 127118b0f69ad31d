/** Plan, subscription, payment and person shapes the admin detail calls answer (server/src/features/admin/schemas.ts). */

export interface PlanSummary {
  id: number;
  name: string;
  audience: 'company' | 'holding';
  price_ron: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: number | null;
  is_trial: boolean;
}

export interface SubscriptionSummary {
  id: number;
  status: 'trial' | 'active' | 'expired';
  current_period_end: string | null;
  plan: PlanSummary;
}

export interface PaymentSummary {
  id: number;
  plan_name: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  provider: string;
  provider_ref: string | null;
  period_end: string | null;
  created_at: string;
}

export interface Person {
  id: number;
  name: string;
  email: string;
  role: number;
  last_seen_at: string | null;
  created_at: string;
}
