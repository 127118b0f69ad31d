import { useId, useState } from 'react';
import {
  ChecklistItems,
  DownloadStatus,
  DueLabel,
  ErrorState,
  ITEM_STATUSES,
  ITEM_STATUS_LABELS,
  Select,
  Spinner,
  downloadHandover,
  errorMessage,
  formatDate,
  formatPeriod,
  getChecklist,
  periodFromNow,
  periodTitle,
  recentPeriods,
  useCurrentUser,
  useDownload,
  useRequest,
  type MonthMeta,
} from '@dosar/shared';
import { MonthDone } from './done-button';
import { ItemUpload } from './item-upload';

export interface ClientMonthTabProps {
  /** /api/holding/{holdingId}/clients/{clientId} */
  clientUrl: string;
  /** The client's name (the handover's file name). */
  clientName?: string;
}

/** „2 Lipsă · 1 Încărcat · 3 Acceptat” — the month's items by status (only the statuses it has). */
function countsText(meta: MonthMeta): string {
  return ITEM_STATUSES.filter((s) => meta.counts[s] > 0)
    .map((s) => `${meta.counts[s]} ${ITEM_STATUS_LABELS[s]}`)
    .join(' · ');
}

/**
 * The client page's „Luna” tab (docs/api/month.md, "The checklist"): a month's checklist with
 * each item's status and documents, upload straight into an item, „Am terminat”; a month the
 * firm closed takes no upload and offers its handover (proces-verbal) instead.
 */
export function ClientMonthTab({ clientUrl, clientName }: ClientMonthTabProps) {
  const user = useCurrentUser();
  const pickerId = useId();
  const [period, setPeriod] = useState(() => periodFromNow(0));
  const checklist = useRequest((signal) => getChecklist(clientUrl, period, signal), [clientUrl, period]);
  const download = useDownload();
  const title = periodTitle(period);
  const inSentence = formatPeriod(period);

  const periodOptions = recentPeriods(23).map((p) => ({ value: p, label: periodTitle(p) }));

  const onHandover = () =>
    void download.run(
      `procesul-verbal pentru ${inSentence}`,
      `Proces-verbal ${clientName ? `${clientName} ` : ''}${period}.pdf`,
      (options) => downloadHandover(clientUrl, period, options),
    );

  const onDone = (doneAt: string) => {
    const current = checklist.data;
    if (current) checklist.setData({ ...current, meta: { ...current.meta, done_at: doneAt, done_by_name: null } });
  };

  let body;
  if (checklist.error && !checklist.data) {
    body = (
      <ErrorState message={errorMessage(checklist.error, 'Luna nu a putut fi încărcată.')} onRetry={checklist.reload} />
    );
  } else if (!checklist.data || checklist.data.meta.period !== period) {
    body = <Spinner label={`Se încarcă ${inSentence}…`} />;
  } else {
    const { data: items, meta } = checklist.data;
    body = (
      <>
        <div className="month-meta">
          <DueLabel dueDate={meta.due_date} daysLeft={meta.days_left} settled={meta.complete || meta.closed} />
          {meta.total > 0 ? <span className="muted">{countsText(meta)}</span> : null}
        </div>
        {meta.closed ? (
          <div className="notice month-closed" role="status">
            <p>
              Luna este închisă de firma de contabilitate.
              {meta.closed_at ? ` Închisă pe ${formatDate(meta.closed_at)}.` : ''} Documentele ei nu mai pot fi
              schimbate.
            </p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={onHandover}
              disabled={download.progress !== null}
            >
              Descarcă procesul-verbal
            </button>
          </div>
        ) : meta.complete && meta.total > 0 ? (
          <p className="notice month-complete">Tot ce trebuia pentru {inSentence} a fost acceptat. Mulțumim!</p>
        ) : null}
        {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}
        <ChecklistItems
          items={items}
          label={`Documentele pentru ${title}`}
          emptyText="Firma de contabilitate nu îți cere niciun document pentru această lună."
          itemFooter={
            meta.closed
              ? undefined
              : (item) => <ItemUpload clientUrl={clientUrl} item={item} period={period} onUploaded={checklist.reload} />
          }
        />
        {!meta.closed && meta.total > 0 ? (
          <div className="month-open-done">
            <MonthDone clientUrl={clientUrl} month={meta} userName={user?.name} onDone={onDone} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="card month-tab" aria-labelledby={`${pickerId}-title`} aria-busy={checklist.loading}>
      <div className="month-tab-head">
        <h2 id={`${pickerId}-title`}>{`Luna: ${title}`}</h2>
        <div className="field month-picker">
          <label htmlFor={pickerId}>Alege luna</label>
          <Select
            inputId={pickerId}
            aria-label="Alege luna"
            options={periodOptions}
            value={period}
            onChange={(v) => setPeriod(String(v))}
          />
        </div>
      </div>
      {body}
    </section>
  );
}
