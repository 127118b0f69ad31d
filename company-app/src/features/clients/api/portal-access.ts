import { http, useRequest } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** Someone the firm invited to sign in for its clients in the holding (a user, role 5). */
export interface PortalPerson {
  id: number;
  name: string;
  email: string;
  role: number;
  /** No password set yet. */
  invited: boolean;
  created_at: string;
  last_seen_at: string | null;
}

export interface PortalAccess {
  holding: { id: number; name: string } | null;
  data: PortalPerson[];
}

/** A firm invites users (role 5) only: a holding names its own administrators. */
export interface InviteInput {
  name: string;
  email: string;
  role: 5;
}

const url = (companyId: number, clientId: number, path: string) => companyUrl(companyId, `clients/${clientId}/${path}`);

/** POST clients/{id}/access. */
export function usePortalAccess(companyId: number, clientId: number) {
  return useRequest(
    async (signal) => (await http.post<PortalAccess>(url(companyId, clientId, 'access'), undefined, { signal })).data,
    [companyId, clientId],
  );
}

export async function invitePerson(
  companyId: number,
  clientId: number,
  input: InviteInput,
): Promise<{ message: string; data: PortalPerson }> {
  return (await http.post<{ message: string; data: PortalPerson }>(url(companyId, clientId, 'invite'), input)).data;
}

export async function resendInvitation(
  companyId: number,
  clientId: number,
  userId: number,
): Promise<{ message: string }> {
  return (await http.post<{ message: string }>(url(companyId, clientId, `access/${userId}/resend`))).data;
}

export async function revokeAccess(companyId: number, clientId: number, userId: number): Promise<{ message: string }> {
  return (await http.post<{ message: string }>(url(companyId, clientId, `access/${userId}/revoke`))).data;
}
