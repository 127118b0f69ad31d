import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { getReviewCount, useRequest } from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { onReviewChanged } from '../api/month-base';

/**
 * The count beside „De verificat” in the menu: documents awaiting review plus months a client
 * said are done (`count + done`). Asked again on every navigation and whenever a review changes it.
 */
export function ReviewBadge() {
  const companyId = useCompanyId();
  const { pathname } = useLocation();
  const answer = useRequest((signal) => getReviewCount(companyBase(companyId), signal), [companyId, pathname]);
  const { reload } = answer;
  useEffect(() => onReviewChanged(reload), [reload]);

  const total = (answer.data?.count ?? 0) + (answer.data?.done ?? 0);
  if (total <= 0) return null;
  return (
    <span className="badge badge-warning month-nav-badge">
      {total}
      <span className="sr-only"> de verificat</span>
    </span>
  );
}
