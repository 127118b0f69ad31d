import { compact, http, useRequest, type Paged } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';

export type ClaimStatus = 'pending' | 'granted' | 'refused';

export interface ClaimCompany {
  id: number;
  name: string;
  cui: string | null;
  deleted: boolean;
  owner_name: string | null;
  owner_email: string | null;
  owner_verified: boolean;
}

/** A company born with a CUI another live company has (claimant), and that company (holder). */
export interface CuiClaim {
  id: number;
  cui: string;
  status: ClaimStatus;
  created_at: string;
  decided_at: string | null;
  decided_by_name: string | null;
  claimant: ClaimCompany;
  holder: ClaimCompany | null;
}

export interface ClaimsQuery {
  page?: number;
  per_page?: number;
  status?: ClaimStatus | '';
}

/** GET /api/admin/cui-claims: newest first, optionally one status. */
export async function listClaims(query: ClaimsQuery, signal?: AbortSignal): Promise<Paged<CuiClaim>> {
  const { data } = await http.get<Paged<CuiClaim>>(adminUrl('cui-claims'), { params: compact(query), signal });
  return data;
}

export function useClaims(query: ClaimsQuery) {
  const { page, per_page, status } = query;
  return useRequest((signal) => listClaims({ page, per_page, status }, signal), [page, per_page, status]);
}

/** POST /api/admin/cui-claims/{id}/grant | refuse: answers {message, claim}. */
export async function decideClaim(
  id: number,
  decision: 'grant' | 'refuse',
): Promise<{ message: string; claim: CuiClaim }> {
  const { data } = await http.post<{ message: string; claim: CuiClaim }>(adminUrl(`cui-claims/${id}/${decision}`));
  return data;
}
