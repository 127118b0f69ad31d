import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { periodFromNow, useCurrentUser } from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { clientUrlOf } from '../api/month-base';
import { ClientMonthSection } from './client-month-section';
import { HistorySection } from './history-section';
import { RequirementsSection } from './requirements-section';

const TABS = [
  { id: 'luna', label: 'Luna' },
  { id: 'cerinte', label: 'Ce trebuie să predea' },
  { id: 'istoric', label: 'Istoric' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isPeriod = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * The client page's month area: „Luna”, „Ce trebuie să predea”, „Istoric” as tabs. The tab and the
 * month are in the address (?tab=luna&period=2026-11), so the portfolio and the inbox link to them.
 */
export function ClientMonthArea({ clientId }: { clientId: number }) {
  const companyId = useCompanyId();
  const owner = useCurrentUser()?.role === 2;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === tabParam) ? (tabParam as TabId) : 'luna';
  const periodParam = params.get('period');
  const period = isPeriod(periodParam) ? periodParam : periodFromNow(0);
  const clientUrl = clientUrlOf(companyId, clientId);
  const baseId = useId();
  const sectionRef = useRef<HTMLDivElement>(null);
  const opened = useRef(false);

  // Opened from a link to the month (?tab=…): bring the area into view once.
  useEffect(() => {
    if (tabParam && !opened.current) sectionRef.current?.scrollIntoView?.({ block: 'start' });
    opened.current = true;
  }, [tabParam]);

  const change = (next: { tab?: TabId; period?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.tab) merged.set('tab', next.tab);
    if (next.period) merged.set('period', next.period);
    setParams(merged, { replace: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length];
    change({ tab: next.id });
    document.getElementById(`${baseId}-${next.id}-tab`)?.focus();
  };

  return (
    <div className="month-area" ref={sectionRef} id="luna">
      <div className="month-tabs" role="tablist" aria-label="Documentele lunare ale clientului">
        {TABS.map((t, index) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${baseId}-${t.id}-tab`}
            aria-controls={`${baseId}-${t.id}-panel`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            className="btn btn-ghost"
            onClick={() => change({ tab: t.id })}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'luna' ? (
          <ClientMonthSection
            clientUrl={clientUrl}
            period={period}
            onPeriod={(p) => change({ period: p })}
            owner={owner}
          />
        ) : null}
        {tab === 'cerinte' ? <RequirementsSection companyId={companyId} clientUrl={clientUrl} owner={owner} /> : null}
        {tab === 'istoric' ? <HistorySection clientUrl={clientUrl} /> : null}
      </div>
    </div>
  );
}

export default ClientMonthArea;
