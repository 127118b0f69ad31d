import { daysLeft, dueDate } from '../../lib/ro-calendar.js';
import { toIso } from '../../lib/paging.js';
import type { ItemDocumentRow, ItemStatus, OwedRow, PeriodRow } from './checklist-repository.js';

/**
 * How the checklist answers (docs/api/month.md, "Shapes"): an item's status from its mark and documents,
 * a month's meta (due date, counts, complete, closed, done).
 */

export const ITEM_STATUSES: ItemStatus[] = ['missing', 'uploaded', 'accepted', 'rejected', 'not_applicable'];

export type Counts = Record<ItemStatus, number>;

/**
 * not_applicable when marked; uploaded while a document awaits review; accepted when one was accepted and
 * none waits; rejected when every document was rejected; missing without documents. The SQL twin is
 * STATUS in checklist-repository.ts.
 */
export function statusOf(
  markedNotApplicable: boolean,
  documents: Pick<ItemDocumentRow, 'review_status'>[],
): ItemStatus {
  if (markedNotApplicable) return 'not_applicable';
  if (documents.some((d) => d.review_status === 'pending')) return 'uploaded';
  if (documents.some((d) => d.review_status === 'accepted')) return 'accepted';
  return documents.length > 0 ? 'rejected' : 'missing';
}

export function presentDocument(row: ItemDocumentRow) {
  return {
    id: row.id,
    name: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    created_at: new Date(row.created_at).toISOString(),
    uploaded_by_name: row.uploader_name,
    review_status: row.review_status,
    review_reason: row.review_reason,
    reviewed_at: toIso(row.reviewed_at),
    reviewed_by_name: row.reviewer_name,
  };
}

export type ChecklistDocument = ReturnType<typeof presentDocument>;

/** An owed requirement with its item id (created before) and the documents answering it, newest first. */
export function presentItem(row: OwedRow & { item_id: number }, documents: ItemDocumentRow[]) {
  const status = statusOf(row.status === 'not_applicable', documents);
  const latestRejection = documents
    .filter((d) => d.review_status === 'rejected')
    .sort((a, b) => new Date(b.reviewed_at ?? 0).getTime() - new Date(a.reviewed_at ?? 0).getTime())[0];
  return {
    id: row.item_id,
    requirement_id: row.requirement_id,
    name: row.name,
    details: row.details,
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    frequency: row.frequency,
    status,
    note: status === 'not_applicable' ? row.not_applicable_note : null,
    reason: status === 'rejected' ? (latestRejection?.review_reason ?? null) : null,
    documents: documents.map(presentDocument),
  };
}

export type ChecklistItem = ReturnType<typeof presentItem>;

export function countStatuses(statuses: ItemStatus[]): { counts: Counts; total: number; complete: boolean } {
  const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Counts;
  for (const status of statuses) counts[status] += 1;
  return {
    counts,
    total: statuses.length,
    complete: counts.accepted + counts.not_applicable === statuses.length,
  };
}

/** The due date of `period` for a client (its own due day, else the firm's) and the days left. */
export function dueOf(period: string, client: { due_day: number | null; company_due_day: number }, today?: string) {
  const due = dueDate(period, client.due_day ?? client.company_due_day);
  return { due_date: due, days_left: daysLeft(due, today) };
}

export function monthMeta(
  period: string,
  client: { due_day: number | null; company_due_day: number },
  statuses: ItemStatus[],
  row: PeriodRow | undefined,
) {
  return {
    period,
    ...dueOf(period, client),
    ...countStatuses(statuses),
    closed: Boolean(row?.closed_at),
    closed_at: toIso(row?.closed_at),
    done_at: toIso(row?.done_at),
    done_by_name: row?.done_at ? (row.done_by_name ?? null) : null,
  };
}
