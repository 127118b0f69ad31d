import { useState } from 'react';
import {
  DataTable,
  DownloadStatus,
  EmptyState,
  ListStates,
  Pager,
  Select,
  countOf,
  exportActivity,
  formatDate,
  formatPeriod,
  getActivity,
  recentPeriods,
  useDownload,
  useRequest,
  type ActivityEntry,
} from '@dosar/shared';
import { periodTitle } from './month-bits';

const PER_PAGE = 20;
const ALL_MONTHS = '';

const SIDE_LABELS: Record<NonNullable<ActivityEntry['side']>, string> = {
  company: 'firma',
  holding: 'clientul',
};

export interface HistorySectionProps {
  clientUrl: string;
}

/** The client page's „Istoric”: who did what with the client's documents and months, newest first. */
export function HistorySection({ clientUrl }: HistorySectionProps) {
  const [period, setPeriod] = useState(ALL_MONTHS);
  const [page, setPage] = useState(1);
  const activity = useRequest(
    (signal) => getActivity(clientUrl, { period: period || undefined, page, per_page: PER_PAGE }, signal),
    [clientUrl, period, page],
  );
  const download = useDownload();

  const options = [
    { value: ALL_MONTHS, label: 'Toate lunile' },
    ...recentPeriods(24).map((p) => ({ value: p, label: periodTitle(p) })),
  ];

  return (
    <section aria-labelledby="history-title">
      <div className="page-header">
        <h2 id="history-title">Istoric</h2>
        <button
          type="button"
          className="btn"
          disabled={download.progress !== null}
          onClick={() =>
            void download.run('Istoricul', `Istoric ${period || 'toate lunile'}.csv`, (opts) =>
              exportActivity(clientUrl, { period: period || undefined }, opts),
            )
          }
        >
          Exportă CSV
        </button>
      </div>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="history-period">Luna</label>
          <Select
            inputId="history-period"
            aria-label="Luna"
            options={options}
            value={period}
            onChange={(v) => {
              setPeriod(String(v));
              setPage(1);
            }}
          />
        </div>
      </div>
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}

      <ListStates
        list={activity}
        errorText="Istoricul nu a putut fi încărcat."
        serverError
        keepRowsOnError
        empty={
          <EmptyState title={period ? `Nimic în ${formatPeriod(period)}.` : 'Nimic în istoric încă.'}>
            Încărcările, descărcările, verificările și închiderile lunilor apar aici.
          </EmptyState>
        }
      >
        {(rows, data) => (
          <DataTable
            className="card table-wrap"
            busy={activity.loading}
            caption={countOf(data.meta.total, 'înregistrare', 'înregistrări')}
            captionClassName="muted"
            head={
              <>
                <th scope="col">Când</th>
                <th scope="col">Cine</th>
                <th scope="col">Ce</th>
                <th scope="col" className="month-wide-only">
                  IP
                </th>
                <th scope="col" className="month-wide-only">
                  Browser
                </th>
              </>
            }
            footer={<Pager meta={data.meta} onPage={setPage} />}
          >
            {rows.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDate(entry.created_at, { time: true })}</td>
                <td>
                  <div>{entry.actor_name ?? '—'}</div>
                  {entry.side ? <div className="muted">{SIDE_LABELS[entry.side]}</div> : null}
                </td>
                <td>
                  <div>
                    {entry.label}
                    {entry.document ? ` „${entry.document.name}”` : ''}
                  </div>
                  {entry.period ? <div className="muted">{formatPeriod(entry.period)}</div> : null}
                </td>
                <td className="month-wide-only">{entry.ip ?? '—'}</td>
                <td className="month-wide-only">{entry.user_agent ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>
    </section>
  );
}
