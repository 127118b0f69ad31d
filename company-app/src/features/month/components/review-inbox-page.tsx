import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ActionsHeader,
  DataTable,
  DownloadStatus,
  EmptyState,
  ListStates,
  PageHeader,
  Pager,
  PreviewButton,
  countOf,
  downloadDocument,
  formatDate,
  formatPeriod,
  getReviewQueue,
  reviewDocument,
  reviewMany,
  toast,
  useDownload,
  useRequest,
  type ReviewQueueEntry,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { announceReviewChanged, clientUrlOf } from '../api/month-base';
import { RejectDialog } from './month-dialogs';
import { periodTitle } from './month-bits';

const PER_PAGE = 20;

/**
 * /company/review „De verificat”: the documents clients sent that await the firm's review, newest
 * first, and the months clients said are done. Accept, reject with a reason, or accept a selection.
 */
export function ReviewInboxPage() {
  const companyId = useCompanyId();
  const base = companyBase(companyId);
  const [page, setPage] = useState(1);
  const queue = useRequest((signal) => getReviewQueue(base, { page, per_page: PER_PAGE }, signal), [base, page]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<ReviewQueueEntry | null>(null);
  const download = useDownload();

  const changed = () => {
    setSelected(new Set());
    queue.reload();
    announceReviewChanged();
  };

  const accept = async (doc: ReviewQueueEntry) => {
    setBusy(true);
    try {
      const answer = await reviewDocument(clientUrlOf(companyId, doc.client.id), doc.id, 'accepted');
      void toast.success(answer.message || 'Documentul a fost acceptat.');
      changed();
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setBusy(false);
    }
  };

  const reject = async (doc: ReviewQueueEntry, reason: string) => {
    const answer = await reviewDocument(clientUrlOf(companyId, doc.client.id), doc.id, 'rejected', reason);
    void toast.success(answer.message || 'Documentul a fost respins.');
    changed();
  };

  const acceptSelection = async () => {
    setBusy(true);
    try {
      const answer = await reviewMany(base, [...selected], 'accepted');
      void toast.success(answer.message || `Acceptate: ${answer.count}.`);
      changed();
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const notices = queue.data?.meta.done ?? [];
  // The menu shows this same number beside the documents' one (review-queue/count's `done`).
  const noticesTotal = queue.data?.meta.done_total ?? notices.length;

  return (
    <div className="page">
      <PageHeader title="De verificat" />

      {notices.length > 0 ? (
        <section aria-labelledby="review-notices-title">
          <h2 id="review-notices-title" className="muted">
            {countOf(noticesTotal, 'lună anunțată ca terminată', 'luni anunțate ca terminate')}
          </h2>
          <ul className="month-notices" aria-label="Luni anunțate ca terminate">
            {notices.map((notice) => (
              <li key={`${notice.client.id}-${notice.period}`} className="notice">
                <p>
                  <Link to={paths.clientMonth(notice.client.id, notice.period)}>
                    {`Firma ${notice.client.name} a anunțat «Am terminat» pentru ${periodTitle(notice.period)}`}
                  </Link>
                  <span className="muted">
                    {` · ${formatDate(notice.done_at, { time: true })}`}
                    {notice.done_by_name ? ` · ${notice.done_by_name}` : ''}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {selected.size > 0 ? (
        <div className="toolbar bulk-bar" role="group" aria-label="Selecția">
          <span>{countOf(selected.size, 'document selectat', 'documente selectate')}</span>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void acceptSelection()}>
            Acceptă selecția
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>
            Renunță la selecție
          </button>
        </div>
      ) : null}

      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}

      <ListStates
        list={queue}
        errorText="Documentele de verificat nu au putut fi încărcate."
        serverError
        keepRowsOnError
        empty={<EmptyState title="Nimic de verificat.">Documentele trimise de clienți apar aici.</EmptyState>}
      >
        {(rows, data) => (
          <DataTable
            className="card table-wrap"
            busy={queue.loading}
            caption={countOf(data.meta.total, 'document de verificat', 'documente de verificat')}
            captionClassName="muted"
            head={
              <>
                <th scope="col" className="select-cell">
                  <input
                    type="checkbox"
                    aria-label="Selectează toate documentele din pagină"
                    checked={rows.length > 0 && rows.every((doc) => selected.has(doc.id))}
                    onChange={(event) =>
                      setSelected(event.target.checked ? new Set(rows.map((doc) => doc.id)) : new Set())
                    }
                  />
                </th>
                <th scope="col">Client</th>
                <th scope="col">Document</th>
                <th scope="col">Luna</th>
                <th scope="col">Încărcat de</th>
                <th scope="col">Când</th>
                <ActionsHeader />
              </>
            }
            footer={<Pager meta={data.meta} onPage={setPage} />}
          >
            {rows.map((doc) => (
              <tr key={doc.id} className={selected.has(doc.id) ? 'row-selected' : undefined}>
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={`Selectează ${doc.name}`}
                    checked={selected.has(doc.id)}
                    onChange={() => toggle(doc.id)}
                  />
                </td>
                <td>
                  <Link to={paths.clientMonth(doc.client.id, doc.period ?? '')}>{doc.client.name}</Link>
                </td>
                <td className="cell-long">
                  <div>{doc.name}</div>
                  <div className="muted">{doc.item?.name ?? doc.category?.name ?? 'Fără categorie'}</div>
                </td>
                <td>{formatPeriod(doc.period)}</td>
                <td>{doc.uploaded_by_name ?? '—'}</td>
                <td>{formatDate(doc.created_at, { time: true })}</td>
                <td>
                  <div className="month-actions">
                    <PreviewButton
                      url={`${clientUrlOf(companyId, doc.client.id)}/media/${doc.id}`}
                      name={doc.name}
                      mime={doc.mime}
                      size={doc.size}
                      onDownload={() =>
                        void download.run(doc.name, doc.name, (options) =>
                          downloadDocument(clientUrlOf(companyId, doc.client.id), doc.id, options),
                        )
                      }
                    />
                    <button
                      type="button"
                      className="btn"
                      disabled={busy}
                      aria-label={`Acceptă ${doc.name}`}
                      onClick={() => void accept(doc)}
                    >
                      Acceptă
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger"
                      disabled={busy}
                      aria-label={`Respinge ${doc.name}`}
                      onClick={() => setRejecting(doc)}
                    >
                      Respinge
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>

      {rejecting ? (
        <RejectDialog
          name={rejecting.name}
          onClose={() => setRejecting(null)}
          onReject={(reason) => reject(rejecting, reason)}
        />
      ) : null}
    </div>
  );
}
