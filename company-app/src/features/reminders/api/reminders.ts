import { http } from '@dosar/shared';
import { companyBase } from '../../../lib/company-api';

/**
 * The firm's reminders and a client's upload link on the company door (docs/api/company-door.md,
 * "Reminders", "Upload links").
 */

export interface ReminderSettings {
  enabled: boolean;
  /** The firm's due day: day of the next month by which a month's documents are due. */
  due_day: number;
  /** Days around the due date (negative: before it). */
  steps: number[];
  /** Romanian time. */
  hour: number;
}

export interface ReminderPlan {
  client: { id: number; name: string };
  recipients: { email: string; name: string | null }[];
  steps: { period: string; step: number }[];
  months: { period: string; due_date: string; items: { name: string; status: 'missing' | 'rejected' }[] }[];
}

export interface ReminderPreview {
  date: string;
  enabled: boolean;
  hour: number;
  clients: number;
  messages: number;
  data: ReminderPlan[];
}

export interface UploadLinkState {
  active: boolean;
  created_at: string | null;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface ClientReminderFields {
  due_day: number | null;
  reminders_paused: boolean;
}

export async function getReminderSettings(companyId: number, signal?: AbortSignal) {
  return (await http.get<{ data: ReminderSettings }>(`${companyBase(companyId)}/reminders`, { signal })).data.data;
}

export async function updateReminderSettings(companyId: number, settings: ReminderSettings) {
  return (
    await http.post<{ message: string; data: ReminderSettings }>(
      `${companyBase(companyId)}/reminders/update`,
      settings,
      {
        silent: true,
      },
    )
  ).data;
}

export async function previewReminders(companyId: number, date: string) {
  return (await http.post<ReminderPreview>(`${companyBase(companyId)}/reminders/preview`, { date })).data;
}

/** The client's own due day and pause, as the client view answers them. */
export async function getClientReminderFields(companyId: number, clientId: number, signal?: AbortSignal) {
  const answer = await http.post<{ data: ClientReminderFields }>(
    `${companyBase(companyId)}/clients/${clientId}`,
    {},
    { signal },
  );
  return { due_day: answer.data.data.due_day ?? null, reminders_paused: Boolean(answer.data.data.reminders_paused) };
}

export async function updateClientReminderFields(
  companyId: number,
  clientId: number,
  fields: Partial<ClientReminderFields>,
) {
  const answer = await http.post<{ message: string; data: ClientReminderFields }>(
    `${companyBase(companyId)}/clients/${clientId}/update`,
    fields,
    { silent: true },
  );
  return answer.data;
}

export async function remindNow(companyId: number, clientId: number) {
  return (
    await http.post<{ message: string; data: ReminderPlan }>(`${companyBase(companyId)}/clients/${clientId}/remind`)
  ).data;
}

export async function getUploadLink(companyId: number, clientId: number, signal?: AbortSignal) {
  return (await http.post<UploadLinkState>(`${companyBase(companyId)}/clients/${clientId}/upload-link`, {}, { signal }))
    .data;
}

export async function revokeUploadLink(companyId: number, clientId: number) {
  return (
    await http.post<{ message: string; revoked: boolean }>(
      `${companyBase(companyId)}/clients/${clientId}/upload-link/revoke`,
    )
  ).data;
}
