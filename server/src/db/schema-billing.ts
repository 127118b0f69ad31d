import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back as strings from pg; we read sizes through Number(). */
type BigIntColumn = ColumnType<string | number, number | string | bigint, number | string | bigint>;

/** The billing tables: plans, each tenant's subscription and its payments. */

/** A plan (the API calls it a "subscription"); a null limit means unlimited. */
export interface PlansTable {
  id: Generated<number>;
  name: string;
  audience: 'company' | 'holding';
  /** Monthly price in bani (1 RON = 100 bani). */
  price_bani: number;
  max_clients: number | null;
  max_users: number | null;
  max_storage_bytes: BigIntColumn | null;
  is_trial: Generated<boolean>;
  active: Generated<boolean>;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The one current subscription of a tenant (exactly one of company_id / holding_id). */
export interface SubscriptionsTable {
  id: Generated<number>;
  company_id: number | null;
  holding_id: number | null;
  plan_id: number;
  status: 'trial' | 'active' | 'expired';
  current_period_end: Timestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PaymentsTable {
  id: Generated<number>;
  company_id: number | null;
  holding_id: number | null;
  user_id: number;
  plan_id: number;
  /** The plan's name when the payment was made (plans can be renamed later). */
  plan_name: string;
  amount_bani: number;
  currency: Generated<string>;
  status: Generated<'pending' | 'paid' | 'failed'>;
  provider: string;
  provider_ref: string | null;
  /** The subscription's new period end once paid. */
  period_end: NullableTimestamp;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
