import { http } from '@dosar/shared';

/** A client's declarations on the holding door, read only (docs/api/company-door.md, "Declarations"). */

export type ObligationStatus = 'due' | 'late' | 'filed';

export interface Obligation {
  code: string;
  name: string;
  /** YYYY-MM: the month the declaration's span ends in. */
  period: string;
  /** „Noiembrie 2026”, „Trimestrul IV 2026”, „Anul 2026”. */
  period_label: string;
  frequency: 'monthly' | 'quarterly' | 'yearly';
  /** YYYY-MM-DD, already moved to a working day. */
  due_date: string;
  status: ObligationStatus;
  filed_at: string | null;
  /** The receipt (recipisă), a document of the client. */
  receipt: { id: number; name: string } | null;
}

export interface ClientObligations {
  data: Obligation[];
  /** Null until the accounting firm fills it in. */
  fiscal_profile: Record<string, string> | null;
}

/** POST {clientUrl}/obligations: the declarations from `from` to `to` (YYYY-MM). */
export async function getClientObligations(
  clientUrl: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<ClientObligations> {
  return (await http.post<ClientObligations>(`${clientUrl}/obligations`, range, { signal })).data;
}
