import { downloadDocument, http } from '@dosar/shared';
import { companyBase } from '../../../lib/company-api';

/**
 * The declaration calendar on the company door (docs/api/company-door.md, "Declarations"): the firm's grid
 * for a month, a client's obligations, marking one filed with its receipt (recipisă) and undoing that, and
 * the client's fiscal profile (saved through the client's update).
 */

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
  note?: string | null;
  filed_at: string | null;
  filed_by?: string | null;
  receipt: { id: number; name: string } | null;
}

export interface FiscalProfile {
  vat: 'none' | 'monthly' | 'quarterly';
  employer: 'no' | 'monthly' | 'quarterly';
  tax: 'micro' | 'profit' | 'income';
  saft: 'none' | 'monthly' | 'quarterly';
}

export interface ObligationGridRow {
  client: { id: number; name: string; cui: string | null };
  fiscal_profile: FiscalProfile | null;
  obligations: Obligation[];
}

export interface ObligationGrid {
  period: string;
  codes: { code: string; name: string }[];
  data: ObligationGridRow[];
  meta: { page: number; per_page: number; total: number };
}

export interface ClientObligations {
  data: Obligation[];
  fiscal_profile: FiscalProfile | null;
}

const clientUrl = (companyId: number, clientId: number) => `${companyBase(companyId)}/clients/${clientId}`;

/** POST obligations: the firm's clients × declarations for `period`. */
export async function getObligationGrid(
  companyId: number,
  query: { period: string; search?: string; page?: number; per_page?: number },
  signal?: AbortSignal,
): Promise<ObligationGrid> {
  return (await http.post<ObligationGrid>(`${companyBase(companyId)}/obligations`, query, { signal })).data;
}

/** POST clients/{id}/obligations: the client's declarations from `from` to `to` (YYYY-MM). */
export async function getClientObligations(
  companyId: number,
  clientId: number,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<ClientObligations> {
  return (await http.post<ClientObligations>(`${clientUrl(companyId, clientId)}/obligations`, range, { signal })).data;
}

/** .../obligations/{code}/{period}/file (multipart): marks it filed with its receipt, one PDF or XML. */
export async function fileObligation(
  companyId: number,
  clientId: number,
  obligation: Pick<Obligation, 'code' | 'period'>,
  receipt: File,
): Promise<{ message: string; data: Obligation }> {
  const body = new FormData();
  body.append('files', receipt, receipt.name);
  const url = `${clientUrl(companyId, clientId)}/obligations/${obligation.code}/${obligation.period}/file`;
  return (await http.post<{ message: string; data: Obligation }>(url, body)).data;
}

/** .../obligations/{code}/{period}/unfile: undoes the filing (the receipt goes to the client's trash). */
export async function unfileObligation(
  companyId: number,
  clientId: number,
  obligation: Pick<Obligation, 'code' | 'period'>,
): Promise<{ message: string; data: Obligation }> {
  const url = `${clientUrl(companyId, clientId)}/obligations/${obligation.code}/${obligation.period}/unfile`;
  return (await http.post<{ message: string; data: Obligation }>(url)).data;
}

/** clients/{id}/update with the fiscal profile alone (the owner's call). */
export async function saveFiscalProfile(
  companyId: number,
  clientId: number,
  profile: FiscalProfile,
): Promise<{ message: string; data: { fiscal_profile?: FiscalProfile | null } }> {
  return (
    await http.post<{ message: string; data: { fiscal_profile?: FiscalProfile | null } }>(
      `${clientUrl(companyId, clientId)}/update`,
      { fiscal_profile: profile },
    )
  ).data;
}

/** The receipt, a document of the client. */
export function downloadReceipt(companyId: number, clientId: number, mediaId: number) {
  return (options: Parameters<typeof downloadDocument>[2]) =>
    downloadDocument(clientUrl(companyId, clientId), mediaId, options);
}
