import { useState } from 'react';
import { EmptyState, ErrorState, Pagination, Spinner, TableScroll, formatDate } from '@dosar/shared';
import { useCampaigns } from '../api/list-campaigns';
import { AUDIENCE_LABELS } from '../api/types';

const PER_PAGE = 10;

/** Campaigns sent so far, newest first, with their counters. */
export function CampaignHistory() {
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useCampaigns(page, PER_PAGE);
  return (
    <section className="card" aria-labelledby="history-title">
      <div className="page-header">
        <h2 id="history-title">Istoric</h2>
        <button type="button" className="btn btn-ghost" onClick={reload}>
          Reîmprospătează
        </button>
      </div>
      {loading && !data ? (
        <Spinner />
      ) : error ? (
        <ErrorState message="Istoricul nu a putut fi încărcat." onRetry={reload} />
      ) : !data || data.data.length === 0 ? (
        <EmptyState title="Nicio campanie trimisă încă">
          Campaniile trimise din formularul de mai sus apar aici.
        </EmptyState>
      ) : (
        <>
          <TableScroll labelledBy="history-title">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Subiect</th>
                  <th scope="col">Public</th>
                  <th scope="col">Destinatari</th>
                  <th scope="col">Trimise</th>
                  <th scope="col">Eșuate</th>
                  <th scope="col">Stare</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((c) => (
                  <tr key={c.id}>
                    <td>{formatDate(c.created_at, { time: true })}</td>
                    <td>
                      {c.subject}
                      {c.created_by_name ? <div className="muted">de {c.created_by_name}</div> : null}
                    </td>
                    <td>{AUDIENCE_LABELS[c.audience]}</td>
                    <td>{c.recipients_count}</td>
                    <td>{c.progress.sent}</td>
                    <td>{c.progress.failed}</td>
                    <td>
                      {c.status === 'done' ? (
                        <span className="badge badge-success">Încheiată</span>
                      ) : (
                        <span className="badge badge-warning">Se trimite</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination page={page} perPage={PER_PAGE} total={data.meta.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
