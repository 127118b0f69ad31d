import { useId, useState } from 'react';
import {
  ActivityList,
  ErrorState,
  Select,
  Spinner,
  errorMessage,
  formatPeriod,
  getActivity,
  periodTitle,
  recentPeriods,
  useRequest,
} from '@dosar/shared';

export interface ClientHistoryTabProps {
  /** /api/holding/{holdingId}/clients/{clientId} */
  clientUrl: string;
}

const ALL = '';
const PER_PAGE = 20;

/** The client page's „Istoric” tab: who did what to the client's documents and months, paged, by month. */
export function ClientHistoryTab({ clientUrl }: ClientHistoryTabProps) {
  const filterId = useId();
  const [period, setPeriod] = useState(ALL);
  const [page, setPage] = useState(1);
  const activity = useRequest(
    (signal) => getActivity(clientUrl, { period: period || undefined, page, per_page: PER_PAGE }, signal),
    [clientUrl, period, page],
  );
  const options = [
    { value: ALL, label: 'Toate lunile' },
    ...recentPeriods(23).map((p) => ({ value: p, label: periodTitle(p) })),
  ];

  return (
    <section className="card month-tab" aria-labelledby={`${filterId}-title`}>
      <div className="month-tab-head">
        <h2 id={`${filterId}-title`}>Istoric</h2>
        <div className="field month-picker">
          <label htmlFor={filterId}>Luna</label>
          <Select
            inputId={filterId}
            aria-label="Filtrează istoricul după lună"
            options={options}
            value={period}
            onChange={(v) => {
              setPeriod(String(v));
              setPage(1);
            }}
          />
        </div>
      </div>
      {activity.error && !activity.data ? (
        <ErrorState
          message={errorMessage(activity.error, 'Istoricul nu a putut fi încărcat.')}
          onRetry={activity.reload}
        />
      ) : !activity.data ? (
        <Spinner label="Se încarcă istoricul…" />
      ) : (
        <ActivityList
          entries={activity.data.data}
          page={activity.data.meta.page}
          perPage={activity.data.meta.per_page}
          total={activity.data.meta.total}
          onPage={setPage}
          loading={activity.loading}
          showPeriod={period === ALL}
          emptyText={period ? `Nicio acțiune în ${formatPeriod(period)}.` : undefined}
        />
      )}
    </section>
  );
}
