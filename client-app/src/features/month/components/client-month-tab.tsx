import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ChecklistItems,
  DownloadStatus,
  DueLabel,
  ErrorState,
  ExtraDocuments,
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
  statusCountsText,
} from '@dosar/shared';
import { MonthDone } from './done-button';
import { ItemUpload } from './item-upload';

export interface ClientMonthTabProps {
  /** /api/holding/{holdingId}/clients/{clientId} */
  clientUrl: string;
  /** The client's name (the handover's file name). */
  clientName?: string;
}

/**
 * The client page's „Luna” tab (docs/api/month.md, "The checklist"): a month's checklist with
 * each item's status and documents, upload straight into an item, „Am terminat”; a month the
 * firm closed takes no upload and offers its handover (proces-verbal) instead.
 */
export function ClientMonthTab({ clientUrl, clientName }: ClientMonthTabProps) {
  const user = useCurrentUser();
  const pickerId = useId();
  // A link into the month (an e-mail's button): ?period=2026-11 opens that month, &item=55 that item.
  const [params] = useSearchParams();
  const [period, setPeriod] = useState(() => {
    const asked = params.get('period');
    return asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : periodFromNow(0);
  });
  const focusItemId = Number(params.get('item')) || null;
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
          {meta.total > 0 ? <span className="muted">{statusCountsText(meta.counts)}</span> : null}
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
          focusItemId={focusItemId}
          label={`Documentele pentru ${title}`}
          emptyText="Firma de contabilitate nu îți cere niciun document pentru această lună."
          itemFooter={
            meta.closed
              ? undefined
              : (item) => <ItemUpload clientUrl={clientUrl} item={item} period={period} onUploaded={checklist.reload} />
          }
        />
        <ExtraDocuments documents={checklist.data.extra ?? []} />
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
