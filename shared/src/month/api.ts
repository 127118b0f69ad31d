import { http } from '../http/http';
import { compact } from '../lib/list-query';
import { postForBlob, type DownloadOptions, type DownloadedFile } from '../lib/post-for-blob';
import type {
  ActivityPage,
  Checklist,
  ChecklistDocument,
  ChecklistItem,
  ClientProfile,
  MonthBlockers,
  NamedRef,
  OpenMonth,
  PendingDocumentsChoice,
  Portfolio,
  PortfolioMonths,
  PortfolioQuery,
  Requirement,
  RequirementDefault,
  RequirementDefaultInput,
  RequirementInput,
  ReviewQueue,
  ReviewStatus,
} from './types';

/**
 * The month's calls (docs/api/month.md). `apiBase` is the caller's door: /api/company/{id} or
 * /api/holding/{id}; `clientUrl` is `${apiBase}/clients/${clientId}`.
 */

type Saved<T> = { message?: string; data: T };

export async function getChecklist(clientUrl: string, period: string, signal?: AbortSignal): Promise<Checklist> {
  return (await http.post<Checklist>(`${clientUrl}/checklist`, { period }, { signal })).data;
}

export async function getOpenItems(clientUrl: string, signal?: AbortSignal): Promise<OpenMonth[]> {
  return (await http.post<{ data: OpenMonth[] }>(`${clientUrl}/open-items`, {}, { signal })).data.data;
}

/**
 * „Nu se aplică” with its note; while the item has documents awaiting review, `pending` says what becomes
 * of them (rejected with a reason, or kept outside the checklist). Silent: the caller shows a refusal
 * (pendingDocumentsOf reads the 409 that asks for the choice).
 */
export async function markNotApplicable(
  clientUrl: string,
  itemId: number,
  note: string,
  pending?: { pending_documents: PendingDocumentsChoice; reason?: string },
): Promise<Saved<ChecklistItem>> {
  return (
    await http.post<Saved<ChecklistItem>>(
      `${clientUrl}/checklist/${itemId}/not-applicable`,
      { note, ...pending },
      { silent: true },
    )
  ).data;
}

/** The body of a refused call, when the server answered one. */
function refusalOf(err: unknown): { code?: unknown; blockers?: unknown; documents?: unknown } | null {
  const data = (err as { response?: { data?: unknown } } | null)?.response?.data;
  return typeof data === 'object' && data !== null ? data : null;
}

/** The item's documents awaiting review of a refused „Nu se aplică” (409 `documents_pending`), else null. */
export function pendingDocumentsOf(err: unknown): NamedRef[] | null {
  const body = refusalOf(err);
  return body?.code === 'documents_pending' && Array.isArray(body.documents) ? (body.documents as NamedRef[]) : null;
}

/** What keeps the month from closing, from a refused close (409 `period_incomplete`), else null. */
export function closeBlockersOf(err: unknown): MonthBlockers | null {
  const body = refusalOf(err);
  return body?.code === 'period_incomplete' && typeof body.blockers === 'object' && body.blockers !== null
    ? (body.blockers as MonthBlockers)
    : null;
}

export async function markApplicable(clientUrl: string, itemId: number): Promise<Saved<ChecklistItem>> {
  return (await http.post<Saved<ChecklistItem>>(`${clientUrl}/checklist/${itemId}/applicable`)).data;
}

export async function reviewDocument(
  clientUrl: string,
  mediaId: number,
  status: Exclude<ReviewStatus, 'pending'>,
  reason?: string,
): Promise<Saved<ChecklistDocument>> {
  return (
    await http.post<Saved<ChecklistDocument>>(`${clientUrl}/media/${mediaId}/review`, compact({ status, reason }))
  ).data;
}

export async function reviewMany(
  apiBase: string,
  ids: number[],
  status: Exclude<ReviewStatus, 'pending'>,
  reason?: string,
): Promise<{ message?: string; count: number }> {
  return (await http.post<{ message?: string; count: number }>(`${apiBase}/review`, compact({ ids, status, reason })))
    .data;
}

export async function getReviewQueue(
  apiBase: string,
  query: { page?: number; per_page?: number; client_id?: number } = {},
  signal?: AbortSignal,
): Promise<ReviewQueue> {
  return (await http.post<ReviewQueue>(`${apiBase}/review-queue`, compact(query), { signal })).data;
}

export async function getReviewCount(apiBase: string, signal?: AbortSignal): Promise<{ count: number; done: number }> {
  return (await http.post<{ count: number; done: number }>(`${apiBase}/review-queue/count`, {}, { signal })).data;
}

export async function getPortfolio(apiBase: string, query: PortfolioQuery, signal?: AbortSignal): Promise<Portfolio> {
  return (await http.post<Portfolio>(`${apiBase}/checklist`, compact(query), { signal })).data;
}

export async function getPortfolioMonths(
  apiBase: string,
  query: { period: string; months?: number; search?: string; page?: number; per_page?: number },
  signal?: AbortSignal,
): Promise<PortfolioMonths> {
  return (await http.post<PortfolioMonths>(`${apiBase}/checklist/months`, compact(query), { signal })).data;
}

const periodUrl = (clientUrl: string, period: string) => `${clientUrl}/periods/${period}`;

export async function markDone(clientUrl: string, period: string): Promise<{ message?: string; done_at: string }> {
  return (await http.post<{ message?: string; done_at: string }>(`${periodUrl(clientUrl, period)}/done`)).data;
}

/** Closes a whole month. Silent: the caller shows a refusal (closeBlockersOf reads what blocks it). */
export async function closePeriod(clientUrl: string, period: string): Promise<{ message?: string; closed_at: string }> {
  return (
    await http.post<{ message?: string; closed_at: string }>(`${periodUrl(clientUrl, period)}/close`, undefined, {
      silent: true,
    })
  ).data;
}

export async function reopenPeriod(clientUrl: string, period: string): Promise<{ message?: string }> {
  return (await http.post<{ message?: string }>(`${periodUrl(clientUrl, period)}/reopen`)).data;
}

export function downloadHandover(
  clientUrl: string,
  period: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(`${periodUrl(clientUrl, period)}/handover`, undefined, options);
}

export async function getActivity(
  clientUrl: string,
  query: { period?: string; page?: number; per_page?: number },
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return (await http.post<ActivityPage>(`${clientUrl}/activity`, compact(query), { signal })).data;
}

export function exportActivity(
  clientUrl: string,
  query: { period?: string },
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  return postForBlob(`${clientUrl}/activity/export`, compact(query), options);
}

// The firm's default set and a client's requirements (company door).

export async function getRequirementDefaults(
  apiBase: string,
  signal?: AbortSignal,
): Promise<{ data: RequirementDefault[]; meta: { due_day: number } }> {
  return (
    await http.post<{ data: RequirementDefault[]; meta: { due_day: number } }>(
      `${apiBase}/requirement-defaults`,
      {},
      { signal },
    )
  ).data;
}

export async function storeRequirementDefault(
  apiBase: string,
  input: RequirementDefaultInput,
): Promise<Saved<RequirementDefault>> {
  return (await http.post<Saved<RequirementDefault>>(`${apiBase}/storeRequirementDefault`, input)).data;
}

export async function updateRequirementDefault(
  apiBase: string,
  id: number,
  input: Partial<RequirementDefaultInput>,
): Promise<Saved<RequirementDefault>> {
  return (await http.post<Saved<RequirementDefault>>(`${apiBase}/requirement-defaults/${id}/update`, input)).data;
}

export async function deleteRequirementDefault(apiBase: string, id: number): Promise<{ message?: string }> {
  return (await http.post<{ message?: string }>(`${apiBase}/requirement-defaults/${id}/delete`)).data;
}

export async function updateMonthSettings(
  apiBase: string,
  dueDay: number,
): Promise<{ message?: string; due_day: number }> {
  return (
    await http.post<{ message?: string; due_day: number }>(`${apiBase}/month-settings/update`, { due_day: dueDay })
  ).data;
}

type RequirementsAnswer = { message?: string; data: Requirement[]; meta: { profile: ClientProfile } };

export async function getRequirements(clientUrl: string, signal?: AbortSignal): Promise<RequirementsAnswer> {
  return (await http.post<RequirementsAnswer>(`${clientUrl}/requirements`, {}, { signal })).data;
}

export async function storeRequirement(clientUrl: string, input: RequirementInput): Promise<Saved<Requirement>> {
  return (await http.post<Saved<Requirement>>(`${clientUrl}/storeRequirement`, input)).data;
}

export async function updateRequirement(
  clientUrl: string,
  id: number,
  input: Partial<RequirementInput>,
): Promise<Saved<Requirement>> {
  return (await http.post<Saved<Requirement>>(`${clientUrl}/requirements/${id}/update`, input)).data;
}

export async function deleteRequirement(clientUrl: string, id: number): Promise<{ message?: string }> {
  return (await http.post<{ message?: string }>(`${clientUrl}/requirements/${id}/delete`)).data;
}

export async function updateClientProfile(
  clientUrl: string,
  profile: Partial<ClientProfile>,
): Promise<RequirementsAnswer> {
  return (await http.post<RequirementsAnswer>(`${clientUrl}/profile`, profile)).data;
}
