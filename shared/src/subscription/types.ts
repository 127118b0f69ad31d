/** A subscription screen's data (GET /api/company/{id}/subscription or /api/holding/{id}/subscription). */

export interface Plan {
  id: number;
  name: string;
  audience: 'company' | 'holding';
  price_ron: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: number | null;
  is_trial: boolean;
  active: boolean;
  position: number;
}

export interface Payment {
  id: number;
  subscription_id: number;
  plan_name: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  provider: string;
  provider_ref: string | null;
  period_end: string | null;
  created_at: string;
}

export interface SubscriptionView {
  subscription: {
    id: number;
    status: 'trial' | 'active' | 'expired';
    current_period_end: string;
    read_only: boolean;
    plan: Plan;
  } | null;
  usage: { clients: number; users: number; storage_bytes: number };
  plans: Plan[];
  payments: Payment[];
}
