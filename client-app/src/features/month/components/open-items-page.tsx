import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  ChecklistItems,
  DueLabel,
  EmptyState,
  ErrorState,
  PageHeader,
  Spinner,
  countOf,
  errorMessage,
  formatPeriod,
  periodTitle,
  useCurrentUser,
  useRequest,
  type OpenMonth,
} from '@dosar/shared';
import { NoHolding } from '../../../lib/no-holding';
import { useHoldingId } from '../../../lib/use-holding-id';
import { paths } from '../../../paths';
import { clientUrlOf, loadOpenItems, type ClientOpenItems } from '../api/holding-clients';
import { MonthDone } from './done-button';
import { ItemUpload } from './item-upload';

function owedText(month: OpenMonth): string {
  const parts: string[] = [];
  if (month.counts.missing > 0) parts.push(countOf(month.counts.missing, 'document lipsă', 'documente lipsă'));
  if (month.counts.rejected > 0) parts.push(countOf(month.counts.rejected, 'document respins', 'documente respinse'));
  return parts.join(' · ');
}

function OpenMonthCard({
  clientUrl,
  month,
  onChanged,
  onDone,
}: {
  clientUrl: string;
  month: OpenMonth;
  onChanged: () => void;
  onDone: (doneAt: string) => void;
}) {
  const user = useCurrentUser();
  const headingId = useId();
  const title = periodTitle(month.period);
  return (
    <section className="card month-open" aria-labelledby={headingId}>
      <div className="month-open-head">
        <h3 id={headingId}>{title}</h3>
        <DueLabel dueDate={month.due_date} daysLeft={month.days_left} />
      </div>
      {month.items.length === 0 ? (
        <p className="notice month-open-sent" role="status">
          {month.done_at
            ? `Ai trimis tot ce s-a cerut pentru ${formatPeriod(month.period)}.`
            : `Ai trimis tot ce s-a cerut pentru ${formatPeriod(month.period)}. Apasă „Am terminat” ca firma să afle.`}
        </p>
      ) : (
        <>
          <p className="muted month-open-owed">{owedText(month)}</p>
          <ChecklistItems
            items={month.items}
            label={`De trimis pentru ${title}`}
            headingLevel={4}
            itemFooter={(item) => (
              <ItemUpload clientUrl={clientUrl} item={item} period={month.period} onUploaded={onChanged} />
            )}
          />
        </>
      )}
      <div className="month-open-done">
        <MonthDone clientUrl={clientUrl} month={month} userName={user?.name} onDone={onDone} />
      </div>
    </section>
  );
}

function ClientSection({
  holdingId,
  entry,
  named,
  onChanged,
  onDone,
}: {
  holdingId: number;
  entry: ClientOpenItems;
  named: boolean;
  onChanged: () => void;
  onDone: (period: string, doneAt: string) => void;
}) {
  const headingId = useId();
  const clientUrl = clientUrlOf(holdingId, entry.client.id);
  return (
    <section className="month-client" aria-labelledby={named ? headingId : undefined}>
      {named ? (
        <h2 id={headingId}>
          <Link to={`${paths.client(entry.client.id)}?tab=luna`}>{entry.client.name}</Link>
        </h2>
      ) : null}
      {entry.error ? (
        <ErrorState
          message={errorMessage(entry.error, `Nu am putut citi ce mai are de trimis ${entry.client.name}.`)}
          onRetry={onChanged}
        />
      ) : (
        entry.months.map((month) => (
          <OpenMonthCard
            key={month.period}
            clientUrl={clientUrl}
            month={month}
            onChanged={onChanged}
            onDone={(doneAt) => onDone(month.period, doneAt)}
          />
        ))
      )}
    </section>
  );
}

/**
 * /client/de-trimis (roles 4, 5): „Ce mai am de trimis” — for each firm of the holding, the
 * months not closed with documents missing or rejected (the firm's reason in sight), each
 * with „Încarcă” straight into the item and „Am terminat” for the month. A month whose documents
 * all arrived keeps its card until „Am terminat” (or the firm's close), so the button is never
 * out of sight at the moment it is due.
 */
export function OpenItemsPage() {
  const holdingId = useHoldingId();
  const view = useRequest((signal) => loadOpenItems(holdingId as number, signal), [holdingId], holdingId !== null);

  if (holdingId === null) return <NoHolding />;

  const header = (
    <PageHeader title="Ce mai am de trimis">
      {view.loading && view.data ? <Spinner block={false} label="Se actualizează…" /> : null}
    </PageHeader>
  );

  if (view.error && !view.data) {
    return (
      <div className="page">
        {header}
        <ErrorState message={errorMessage(view.error, 'Lista nu a putut fi încărcată.')} onRetry={view.reload} />
      </div>
    );
  }
  if (!view.data) return <Spinner label="Se încarcă ce mai ai de trimis…" />;

  const owing = view.data.filter((entry) => entry.months.length > 0 || entry.error);
  const settled = view.data.filter((entry) => entry.months.length === 0 && !entry.error);
  const named = view.data.length > 1;

  const onDone = (clientId: number, period: string, doneAt: string) =>
    view.setData((current) =>
      (current ?? []).map((entry) =>
        entry.client.id !== clientId
          ? entry
          : {
              ...entry,
              months: entry.months.map((m) =>
                m.period === period ? { ...m, done_at: doneAt, done_by_name: null } : m,
              ),
            },
      ),
    );

  return (
    <div className="page" aria-busy={view.loading}>
      {header}
      {owing.length === 0 ? (
        <EmptyState title="Nu mai ai nimic de trimis. Mulțumim!">
          Când firma de contabilitate îți cere documente pentru o lună nouă, le găsești aici.
        </EmptyState>
      ) : (
        <>
          <p className="muted">
            Documentele pe care firma de contabilitate le așteaptă de la tine. Încarcă fiecare document direct în rândul
            lui, apoi apasă „Am terminat”.
          </p>
          {owing.map((entry) => (
            <ClientSection
              key={entry.client.id}
              holdingId={holdingId}
              entry={entry}
              named={named}
              onChanged={view.reload}
              onDone={(period, doneAt) => onDone(entry.client.id, period, doneAt)}
            />
          ))}
          {named && settled.length > 0 ? (
            <p className="muted">
              {`Nimic de trimis pentru: ${settled.map((entry) => entry.client.name).join(', ')}.`}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
