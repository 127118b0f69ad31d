import { ITEM_STATUS_LABELS } from '../labels';
import type { ItemStatus, ReviewStatus } from '../types';

const ITEM_CLASSES: Record<ItemStatus, string> = {
  missing: 'badge-warning',
  uploaded: '',
  accepted: 'badge-success',
  rejected: 'badge-danger',
  not_applicable: 'badge-muted',
};

export interface StatusBadgeProps {
  status: ItemStatus;
}

/** A checklist item's status: its label in its colour; screen readers hear „Stare: Lipsă”. */
export function StatusBadge({ status }: StatusBadgeProps) {
  return (
    <span className={`badge month-status month-status-${status} ${ITEM_CLASSES[status]}`.trim()}>
      <span className="sr-only">Stare: </span>
      <span>{ITEM_STATUS_LABELS[status]}</span>
    </span>
  );
}

/**
 * What a user reads for a document's review status. A document awaiting review is the firm's to do
 * („De verificat”, as its inbox is named) and, for the client who sent it, „În verificare”.
 */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'În verificare',
  accepted: 'Acceptat',
  rejected: 'Respins',
};
const PENDING_FOR_REVIEWER = 'De verificat';

const REVIEW_CLASSES: Record<ReviewStatus, string> = {
  pending: 'badge-muted',
  accepted: 'badge-success',
  rejected: 'badge-danger',
};

export interface ReviewBadgeProps {
  status: ReviewStatus;
  /** The reader reviews the document (the firm): one awaiting review reads „De verificat”. */
  reviewing?: boolean;
}

/** A document's review by the accounting firm; screen readers hear „Verificare: Acceptat”. */
export function ReviewBadge({ status, reviewing = false }: ReviewBadgeProps) {
  return (
    <span className={`badge month-review month-review-${status} ${REVIEW_CLASSES[status]}`}>
      <span className="sr-only">Verificare: </span>
      <span>{reviewing && status === 'pending' ? PENDING_FOR_REVIEWER : REVIEW_STATUS_LABELS[status]}</span>
    </span>
  );
}
