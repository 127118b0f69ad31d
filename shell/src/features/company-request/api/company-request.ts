import { http } from '@dosar/shared';

/** Who invites whom (POST /api/company-requests/{hash}); never the hash itself. */
export interface PublicCompanyRequest {
  holding: { name: string };
  company: { name: string; cui: string; email: string };
  /** 'pending' while the link can still be used. */
  status: string;
  expires_at: string;
}

export interface ConfirmCompanyResult {
  message?: string;
  company?: { id: number; name: string };
}

const url = (action: 'company-requests' | 'confirm-company' | 'reject-company', hash: string) =>
  `/api/${action}/${encodeURIComponent(hash)}`;

// `silent`: the page explains 404/410 itself, in place of a toast.

/** POST /api/company-requests/{hash}: the invitation the link points to. */
export async function fetchCompanyRequest(hash: string, signal?: AbortSignal): Promise<PublicCompanyRequest> {
  const { data } = await http.post<PublicCompanyRequest>(url('company-requests', hash), undefined, {
    signal,
    silent: true,
  });
  return data;
}

/**
 * POST /api/confirm-company/{hash}: creates the company and its owner (who gets an
 * e-mail to set a password), or links the existing company; then links it to the holding.
 */
export async function confirmCompanyRequest(hash: string, ownerName?: string): Promise<ConfirmCompanyResult> {
  const body = ownerName?.trim() ? { name: ownerName.trim() } : {};
  const { data } = await http.post<ConfirmCompanyResult>(url('confirm-company', hash), body, { silent: true });
  return data ?? {};
}

/** POST /api/reject-company/{hash}. */
export async function rejectCompanyRequest(hash: string): Promise<{ message?: string }> {
  const { data } = await http.post<{ message?: string }>(url('reject-company', hash), undefined, { silent: true });
  return data ?? {};
}
