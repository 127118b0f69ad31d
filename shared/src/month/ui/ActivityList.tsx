import { formatDate } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import type { ActivityEntry } from '../types';
import { periodTitle } from './format';

export type ActivitySide = NonNullable<ActivityEntry['side']>;

/** Who the side of an entry is, as the client's people and the firm's staff read it. */
export const ACTIVITY_SIDE_LABELS: Record<ActivitySide, string> = {
  company: 'firma de contabilitate',
  holding: 'client',
};

export interface ActivityListProps {
  entries: ActivityEntry[];
  /** Paging (server side): all four or none. */
  page?: number;
  perPage?: number;
  total?: number;
  onPage?: (page: number) => void;
  /** A newer page is on its way (the rows stay, marked busy). */
  loading?: boolean;
  /** Whether each row names its month (default true; off when the list is one month's). */
  showPeriod?: boolean;
  /** The sides' names, when the caller words them otherwise. */
  sideLabels?: Partial<Record<ActivitySide, string>>;
  emptyText?: string;
  /** The list's accessible name (default „Istoric”). */
  label?: string;
}

function detailText(details: ActivityEntry['details']): string | null {
  if (!details) return null;
  if (typeof details.reason === 'string' && details.reason) return `Motiv: ${details.reason}`;
  if (typeof details.note === 'string' && details.note) return `Notă: ${details.note}`;
  return null;
}

/**
 * A client's history (docs/api/month.md, "History"), newest first: when, who and on which side,
 * what (the action's label and the document), the month; IP and browser fold away.
 */
export function ActivityList({
  entries,
  page,
  perPage,
  total,
  onPage,
  loading = false,
  showPeriod = true,
  sideLabels,
  emptyText = 'Nu există încă nicio acțiune înregistrată.',
  label = 'Istoric',
}: ActivityListProps) {
  const sides = { ...ACTIVITY_SIDE_LABELS, ...sideLabels };
  const paged = page !== undefined && perPage !== undefined && total !== undefined && onPage !== undefined;
  if (entries.length === 0 && !loading) return <EmptyState title={emptyText} />;
  return (
    <div className="month-activity" aria-busy={loading}>
      <ol className="month-activity-list" aria-label={label}>
        {entries.map((entry) => {
          const detail = detailText(entry.details);
          return (
            <li key={entry.id} className="month-activity-row">
              <time className="month-activity-when muted" dateTime={entry.created_at}>
                {formatDate(entry.created_at, { time: true })}
              </time>
              <div className="month-activity-body">
                <p className="month-activity-what">
                  <strong>{entry.actor_name ?? 'Dosar'}</strong>
                  {entry.side ? <span className="muted"> ({sides[entry.side]})</span> : null} {entry.label}
                  {entry.document ? <> „{entry.document.name}”</> : null}
                </p>
                {showPeriod && entry.period ? (
                  <p className="muted month-activity-period">{periodTitle(entry.period)}</p>
                ) : null}
                {detail ? <p className="month-activity-detail">{detail}</p> : null}
                {entry.ip || entry.user_agent ? (
                  <details className="month-activity-tech">
                    <summary>IP și browser</summary>
                    <dl>
                      <div>
                        <dt>IP</dt>
                        <dd>{entry.ip ?? '—'}</dd>
                      </div>
                      <div>
                        <dt>Browser</dt>
                        <dd>{entry.user_agent ?? '—'}</dd>
                      </div>
                    </dl>
                  </details>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {paged ? <Pagination page={page} perPage={perPage} total={total} onPage={onPage} /> : null}
    </div>
  );
}
