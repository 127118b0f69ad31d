import { http } from '@dosar/shared';
import { companyBase } from '../../../lib/company-api';

/** The firm's notifications on the company door (docs/api/company-door.md, "Notificări"). */

export type NotificationKind = 'upload' | 'done' | 'overdue';

export interface FirmNotification {
  id: string;
  kind: NotificationKind;
  created_at: string;
  unread: boolean;
  client: { id: number; name: string };
  period: string | null;
  actor_name: string | null;
  /** Uploaded through an upload link, without an account. */
  via_link: boolean;
  document: { name: string; pending: boolean | null } | null;
  due_date: string | null;
  open_items: number | null;
}

export interface NotificationsPage {
  data: FirmNotification[];
  meta: { page: number; per_page: number; total: number; unread: number };
}

export interface DigestSettings {
  daily_digest: boolean;
  hour: number;
}

export async function listNotifications(companyId: number, page: number, signal?: AbortSignal) {
  const answer = await http.post<NotificationsPage>(`${companyBase(companyId)}/notifications`, { page }, { signal });
  return answer.data;
}

export async function getUnread(companyId: number, signal?: AbortSignal) {
  const answer = await http.post<{ unread: number }>(`${companyBase(companyId)}/notifications/unread`, {}, { signal });
  return answer.data.unread;
}

/** Marks everything up to now read for the signed-in user; answers what is still unread (0). */
export async function markAllRead(companyId: number) {
  const answer = await http.post<{ unread: number }>(
    `${companyBase(companyId)}/notifications/read`,
    {},
    { silent: true },
  );
  announceNotificationsRead();
  return answer.data.unread;
}

export async function getDigestSettings(companyId: number, signal?: AbortSignal) {
  const answer = await http.post<DigestSettings>(`${companyBase(companyId)}/notifications/settings`, {}, { signal });
  return answer.data;
}

export async function updateDigestSettings(companyId: number, settings: DigestSettings) {
  const answer = await http.post<DigestSettings>(`${companyBase(companyId)}/notifications/settings/update`, settings);
  return answer.data;
}

const READ = 'dosar:notifications-read';

/** Tells the navigation's badge that the notifications were read. */
export function announceNotificationsRead(): void {
  window.dispatchEvent(new Event(READ));
}

/** Calls `listener` whenever the notifications were read; returns the unsubscribe. */
export function onNotificationsRead(listener: () => void): () => void {
  window.addEventListener(READ, listener);
  return () => window.removeEventListener(READ, listener);
}
