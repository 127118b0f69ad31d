import { http, useRequest } from '@dosar/shared';
import { companyBase } from '../../../lib/company-api';

/** `/api/company/{companyId}/clients/{clientId}`: the client's base on the company door. */
export function clientUrlOf(companyId: number, clientId: number): string {
  return `${companyBase(companyId)}/clients/${clientId}`;
}

export interface CategoryOption {
  id: number;
  name: string;
  position: number;
}

/** GET categories: the company's own set, what a requirement may be filed under. */
export function useCompanyCategories(companyId: number, enabled = true) {
  return useRequest(
    async (signal) => {
      const answer = await http.get<{ data: CategoryOption[] }>(`${companyBase(companyId)}/categories`, { signal });
      return [...answer.data.data].sort((a, b) => a.position - b.position || a.id - b.id);
    },
    [companyId],
    enabled,
  );
}

const REVIEW_CHANGED = 'dosar:month-review-changed';

/** Tells the navigation's count that a review, a close or a not-applicable mark changed what awaits review. */
export function announceReviewChanged(): void {
  window.dispatchEvent(new Event(REVIEW_CHANGED));
}

/** Calls `listener` whenever announceReviewChanged runs; returns the unsubscribe. */
export function onReviewChanged(listener: () => void): () => void {
  window.addEventListener(REVIEW_CHANGED, listener);
  return () => window.removeEventListener(REVIEW_CHANGED, listener);
}
