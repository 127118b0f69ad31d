import { useState } from 'react';
import {
  ChecklistItems,
  DownloadStatus,
  EmptyState,
  ErrorState,
  ExtraDocuments,
  ITEM_STATUS_LABELS,
  PreviewButton,
  Spinner,
  closeBlockersOf,
  closePeriod,
  confirmDialog,
  downloadDocument,
  downloadHandover,
  errorMessage,
  formatDate,
  getChecklist,
  markApplicable,
  markNotApplicable,
  reopenPeriod,
  reviewDocument,
  toast,
  useDownload,
  useRequest,
  type Checklist,
  type ChecklistDocument,
  type ChecklistItem,
  type MonthBlockers,
} from '@dosar/shared';
import { announceReviewChanged } from '../api/month-base';
import { DueText, MonthPicker, countsText, doneCount, periodTitle } from './month-bits';
import { CloseMonthDialog, NotApplicableDialog, RejectDialog } from './month-dialogs';

/**
 * What keeps the month from closing, as the server checks it (docs/api/month.md, "Months as a whole"):
 * items neither accepted nor „Nu se aplică”, and every document of the month awaiting review.
 */
function blockersOf({ data: items, extra = [] }: Checklist): MonthBlockers {
  return {
    items: items.flatMap((item) =>
      item.status === 'missing' || item.status === 'uploaded' || item.status === 'rejected'
        ? [{ id: item.id, name: item.name, details: item.details, status: item.status }]
        : [],
    ),
    documents: [
      ...items.flatMap((item) =>
        item.documents
          .filter((doc) => doc.review_status === 'pending')
          .map((doc) => ({ id: doc.id, name: doc.name, item: { id: item.id, name: item.name } })),
      ),
      ...extra
        .filter((doc) => doc.review_status === 'pending')
        .map((doc) => ({ id: doc.id, name: doc.name, item: null })),
    ],
  };
}

const awaitingReview = (item: ChecklistItem) =>
  item.documents.filter((doc) => doc.review_status === 'pending').map((doc) => ({ id: doc.id, name: doc.name }));

export interface ClientMonthSectionProps {
  /** The client's base URL on the company door. */
  clientUrl: string;
  period: string;
  onPeriod: (period: string) => void;
  /** The owner (role 2) closes and reopens months; staff do not. */
  owner: boolean;
}

/**
 * The client page's „Luna”: what the client owes in a month, its documents and their review,
 * „Nu se aplică”, and for the owner closing / reopening the month; the handover once closed.
 */
export function ClientMonthSection({ clientUrl, period, onPeriod, owner }: ClientMonthSectionProps) {
  const checklist = useRequest((signal) => getChecklist(clientUrl, period, signal), [clientUrl, period]);
  const download = useDownload();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<ChecklistDocument | null>(null);
  const [notApplicable, setNotApplicable] = useState<ChecklistItem | null>(null);
  const [closing, setClosing] = useState(false);
  /** What the server said blocks the close (newer than the list shown, e.g. a document that just arrived). */
  const [refusedBy, setRefusedBy] = useState<MonthBlockers | null>(null);

  const changed = () => {
    checklist.reload();
    announceReviewChanged();
  };

  /** Runs a call that changes the month, toasts its message, reloads. */
  const act = async (call: () => Promise<{ message?: string }>, fallback: string) => {
    setBusy(true);
    try {
      const answer = await call();
      void toast.success(answer.message || fallback);
      changed();
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setBusy(false);
    }
  };

  const close = async () => {
    try {
      const answer = await closePeriod(clientUrl, period);
      void toast.success(answer.message || 'Luna a fost închisă.');
      changed();
    } catch (err) {
      const blockers = closeBlockersOf(err);
      if (blockers) {
        setRefusedBy(blockers);
        checklist.reload();
      } else {
        void toast.error(errorMessage(err, 'Luna nu a putut fi închisă.'));
      }
      throw err;
    }
  };

  const reopen = async () => {
    const confirmed = await confirmDialog({
      title: `Redeschizi luna ${periodTitle(period)}?`,
      text: 'Documentele lunii pot fi din nou schimbate.',
      confirmButtonText: 'Redeschide luna',
      cancelButtonText: 'Renunță',
      icon: 'question',
    });
    if (confirmed) await act(() => reopenPeriod(clientUrl, period), 'Luna a fost redeschisă.');
  };

  const meta = checklist.data?.meta;
  const closed = meta?.closed === true;

  /** „Previzualizează”, and while the month is open „Acceptă” / „Respinge”, for one of the month's documents. */
  const documentActions = (doc: ChecklistDocument) => (
    <>
      <PreviewButton
        url={`${clientUrl}/media/${doc.id}`}
        name={doc.name}
        mime={doc.mime}
        size={doc.size}
        onDownload={() =>
          void download.run(doc.name, doc.name, (options) => downloadDocument(clientUrl, doc.id, options))
        }
      />
      {!closed && doc.review_status !== 'accepted' ? (
        <button
          type="button"
          className="btn"
          disabled={busy}
          aria-label={`Acceptă ${doc.name}`}
          onClick={() => void act(() => reviewDocument(clientUrl, doc.id, 'accepted'), 'Documentul a fost acceptat.')}
        >
          Acceptă
        </button>
      ) : null}
      {!closed && doc.review_status !== 'rejected' ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          aria-label={`Respinge ${doc.name}`}
          onClick={() => setRejecting(doc)}
        >
          Respinge
        </button>
      ) : null}
    </>
  );

  return (
    <section aria-labelledby="client-month-title">
      <h2 id="client-month-title" className="sr-only">
        Luna
      </h2>
      <div className="toolbar">
        <MonthPicker id="client-month-period" value={period} onChange={onPeriod} />
      </div>

      {checklist.error && !checklist.data ? (
        <ErrorState
          message={errorMessage(checklist.error, 'Luna clientului nu a putut fi încărcată.')}
          onRetry={checklist.reload}
        />
      ) : !meta || !checklist.data ? (
        <Spinner />
      ) : (
        <>
          <div className="card" aria-busy={checklist.loading}>
            <div className="month-item-head">
              <div>
                <h3>{periodTitle(meta.period)}</h3>
                <p>
                  {meta.total > 0 ? `${doneCount(meta.counts)} din ${meta.total} gata` : 'Nimic de predat'}
                  {meta.total > 0 ? <span className="muted">{` · ${countsText(meta.counts)}`}</span> : null}
                </p>
                <p className="month-actions">
                  {meta.closed ? (
                    <span className="badge badge-muted">{`Închisă la ${formatDate(meta.closed_at)}`}</span>
                  ) : null}
                  {meta.complete ? <span className="badge badge-success">Completă</span> : null}
                  {!meta.closed && !meta.complete ? (
                    <DueText dueDate={meta.due_date} daysLeft={meta.days_left} />
                  ) : null}
                </p>
                {meta.done_at ? (
                  <p className="muted">
                    {`Clientul a anunțat «Am terminat» pe ${formatDate(meta.done_at, { time: true })}`}
                    {meta.done_by_name ? ` (${meta.done_by_name})` : ''}
                  </p>
                ) : null}
              </div>
              <div className="month-actions">
                {owner && !closed ? (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy}
                    onClick={() => {
                      setRefusedBy(null);
                      setClosing(true);
                    }}
                  >
                    Închide luna
                  </button>
                ) : null}
                {owner && closed ? (
                  <button type="button" className="btn" disabled={busy} onClick={() => void reopen()}>
                    Redeschide luna
                  </button>
                ) : null}
                {closed ? (
                  <button
                    type="button"
                    className="btn"
                    disabled={download.progress !== null}
                    onClick={() =>
                      void download.run('Procesul-verbal', `Proces-verbal ${meta.period}.pdf`, (options) =>
                        downloadHandover(clientUrl, meta.period, options),
                      )
                    }
                  >
                    Descarcă procesul-verbal
                  </button>
                ) : null}
              </div>
            </div>
          </div>

          {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}

          {checklist.data.data.length === 0 ? (
            <EmptyState title="Clientul nu are nimic de predat luna aceasta.">
              Ce trebuie să predea se stabilește în „Ce trebuie să predea”.
            </EmptyState>
          ) : (
            <ChecklistItems
              items={checklist.data.data}
              label={`Ce trebuie să predea în ${periodTitle(meta.period)}`}
              documentActions={documentActions}
              reviewing
              itemActions={(item) =>
                closed ? null : item.status === 'not_applicable' ? (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={busy}
                    aria-label={`Anulează «Nu se aplică» pentru ${item.name}`}
                    onClick={() => void act(() => markApplicable(clientUrl, item.id), 'Documentul se cere din nou.')}
                  >
                    Anulează «Nu se aplică»
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={busy}
                    aria-label={`${ITEM_STATUS_LABELS.not_applicable}: ${item.name}`}
                    onClick={() => setNotApplicable(item)}
                  >
                    Nu se aplică
                  </button>
                )
              }
            />
          )}
          <ExtraDocuments documents={checklist.data.extra ?? []} documentActions={documentActions} reviewing />
        </>
      )}

      {rejecting ? (
        <RejectDialog
          name={rejecting.name}
          onClose={() => setRejecting(null)}
          onReject={async (reason) => {
            const answer = await reviewDocument(clientUrl, rejecting.id, 'rejected', reason);
            void toast.success(answer.message || 'Documentul a fost respins.');
            changed();
          }}
        />
      ) : null}
      {notApplicable ? (
        <NotApplicableDialog
          name={notApplicable.name}
          pending={awaitingReview(notApplicable)}
          onClose={() => setNotApplicable(null)}
          onSave={async (note, decision) => {
            const answer = await markNotApplicable(clientUrl, notApplicable.id, note, decision);
            void toast.success(answer.message || 'Cerința a fost marcată „Nu se aplică”.');
            changed();
          }}
        />
      ) : null}
      {closing && checklist.data ? (
        <CloseMonthDialog
          title={periodTitle(period)}
          blockers={refusedBy ?? blockersOf(checklist.data)}
          summary={checklist.data.meta.total > 0 ? 'Toate cerințele lunii sunt gata' : 'Luna nu cere niciun document'}
          onClose={() => setClosing(false)}
          onConfirm={close}
        />
      ) : null}
    </section>
  );
}
