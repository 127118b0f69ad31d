import { useSearchParams } from 'react-router-dom';
import { periodFromNow, useCurrentUser } from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { clientUrlOf } from '../api/month-base';
import { ClientMonthSection } from './client-month-section';
import { HistorySection } from './history-section';
import { RequirementsSection } from './requirements-section';

export type MonthSectionId = 'luna' | 'cerinte' | 'istoric';

/** Without a section given, the one in the address (?tab=…), „Luna” by default. */
const sectionOf = (tab: string | null): MonthSectionId => (tab === 'cerinte' || tab === 'istoric' ? tab : 'luna');

const isPeriod = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * One of the client page's month sections (given, or the address's ?tab=…): „Luna” (the month in the address, ?period=2026-11, this
 * month by default), „Ce trebuie să predea” or „Istoric”. The page shows them as tabs (?tab=…), so
 * the portfolio and the inbox link straight to them.
 */
export function ClientMonthArea({ clientId, section }: { clientId: number; section?: MonthSectionId }) {
  const companyId = useCompanyId();
  const owner = useCurrentUser()?.role === 2;
  const [params, setParams] = useSearchParams();
  const shown = section ?? sectionOf(params.get('tab'));
  const periodParam = params.get('period');
  const period = isPeriod(periodParam) ? periodParam : periodFromNow(0);
  const clientUrl = clientUrlOf(companyId, clientId);

  const onPeriod = (next: string) => {
    const merged = new URLSearchParams(params);
    merged.set('period', next);
    setParams(merged, { replace: true });
  };

  return (
    <div className="month-area">
      {shown === 'luna' ? (
        <ClientMonthSection clientUrl={clientUrl} period={period} onPeriod={onPeriod} owner={owner} />
      ) : null}
      {shown === 'cerinte' ? <RequirementsSection companyId={companyId} clientUrl={clientUrl} owner={owner} /> : null}
      {shown === 'istoric' ? <HistorySection clientUrl={clientUrl} /> : null}
    </div>
  );
}

export default ClientMonthArea;
