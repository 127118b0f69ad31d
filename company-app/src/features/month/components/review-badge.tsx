import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { countOf, getReviewCount, useRequest } from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { onReviewChanged } from '../api/month-base';

/**
 * The numbers beside „De verificat” in the menu, the same two the page shows: documents awaiting review
 * (`count`, the page's „N documente de verificat”) and, apart, months a client said are done (`done`,
 * its „Luni anunțate ca terminate”). Never added into one number: each says what it counts. Asked again
 * on every navigation and whenever a review changes them.
 */
export function ReviewBadge() {
  const companyId = useCompanyId();
  const { pathname } = useLocation();
  const answer = useRequest((signal) => getReviewCount(companyBase(companyId), signal), [companyId, pathname]);
  const { reload } = answer;
  useEffect(() => onReviewChanged(reload), [reload]);

  const documents = answer.data?.count ?? 0;
  const months = answer.data?.done ?? 0;
  if (documents <= 0 && months <= 0) return null;
  const documentsText = countOf(documents, 'document de verificat', 'documente de verificat');
  const monthsText = countOf(months, 'lună anunțată ca terminată', 'luni anunțate ca terminate');
  return (
    <>
      {documents > 0 ? (
        <span className="badge badge-warning month-nav-badge" title={documentsText}>
          {documents}
          <span className="sr-only">{` ${documentsText.slice(String(documents).length + 1)}`}</span>
        </span>
      ) : null}
      {months > 0 ? (
        <span className="badge badge-muted month-nav-badge" title={monthsText}>
          {months}
          <span className="sr-only">{` ${monthsText.slice(String(months).length + 1)}`}</span>
        </span>
      ) : null}
    </>
  );
}
