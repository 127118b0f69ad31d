import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';

export type PaymentStatus = 'pending' | 'paid' | 'failed';

export interface AdminPayment {
  id: number;
  company_id: number | null;
  holding_id: number | null;
  company_name: string | null;
  holding_name: string | null;
  user_name: string | null;
  user_email: string | null;
  plan_name: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  provider: string;
  provider_ref: string | null;
  period_end: string | null;
  created_at: string;
}

export interface PaymentFilters {
  status?: PaymentStatus | '';
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  company_id?: number;
  holding_id?: number;
}

export type Totals = Record<PaymentStatus, { count: number; amount: number }>;

export interface PaymentsPage extends Paged<AdminPayment> {
  totals: Totals;
}

/** GET /api/admin/payments: every payment, filtered, with totals per status. */
export async function listPayments(
  filters: PaymentFilters & { page: number; per_page: number },
  signal?: AbortSignal,
): Promise<PaymentsPage> {
  const { data } = await http.get<PaymentsPage>(adminUrl('payments'), { params: compact(filters), signal });
  return data;
}

export function usePayments(filters: PaymentFilters, page: number, perPage: number) {
  const { status, from, to, company_id, holding_id } = filters;
  return useRequest(
    (signal) => listPayments({ status, from, to, company_id, holding_id, page, per_page: perPage }, signal),
    [status, from, to, company_id, holding_id, page, perPage],
  );
}
