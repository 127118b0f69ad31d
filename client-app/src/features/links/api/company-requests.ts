import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';

export type CompanyRequestStatus = 'pending' | 'confirmed' | 'rejected';

/** An invitation sent by the holding to an accounting company (never its hash). */
export interface CompanyRequest {
  id: number;
  name: string;
  cui: string;
  email: string;
  status: CompanyRequestStatus;
  expired: boolean;
  expires_at: string;
  created_at: string;
  decided_at?: string | null;
  company_id?: number | null;
}

export interface InviteCompanyInput {
  name: string;
  cui: string;
  email: string;
}

/** POST /api/holding/{holdingId}/company-requests: invites a company; the link goes out by e-mail. */
export async function inviteCompany(
  holdingId: number,
  input: InviteCompanyInput,
): Promise<{ message?: string; request?: CompanyRequest }> {
  const response = await http.post<{ message?: string; request?: CompanyRequest }>(
    holdingUrl(holdingId, 'company-requests'),
    input,
  );
  return response.data;
}

/** GET /api/holding/{holdingId}/company-requests: the invitations the holding sent, newest first. */
export async function listCompanyRequests(
  holdingId: number,
  input: { page?: number; per_page?: number; status?: CompanyRequestStatus },
  signal?: AbortSignal,
): Promise<Paged<CompanyRequest>> {
  const response = await http.get<Paged<CompanyRequest>>(holdingUrl(holdingId, 'company-requests'), {
    params: compact(input),
    signal,
  });
  return response.data;
}

/** `refreshKey`: change it to load again (e.g. after an invitation was sent). */
export function useCompanyRequests(holdingId: number | null, page: number, perPage: number, refreshKey = 0) {
  return useRequest(
    (signal) => listCompanyRequests(holdingId as number, { page, per_page: perPage }, signal),
    [holdingId, page, perPage, refreshKey],
    holdingId !== null,
  );
}
