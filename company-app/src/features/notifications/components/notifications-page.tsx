import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  EmptyState,
  ListStates,
  PageHeader,
  Pager,
  countOf,
  formatDate,
  formatPeriod,
  useRequest,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { listNotifications, markAllRead, type FirmNotification } from '../api/notifications';
import { DigestSettings } from './digest-settings';

const inSentence = (period: string | null): string => formatPeriod(period).toLocaleLowerCase('ro-RO');

/** What happened, in one sentence, and the detail under it. */
export function describeNotification(n: FirmNotification): { what: string; detail: string | null } {
  const client = `„${n.client.name}”`;
  if (n.kind === 'done') {
    return {
      what: `${client} a anunțat că a trimis tot pentru ${inSentence(n.period)} („Am terminat”).`,
      detail: n.via_link ? 'Prin linkul de încărcare.' : n.actor_name ? `De ${n.actor_name}.` : null,
    };
  }
  if (n.kind === 'overdue') {
    const open = n.open_items ?? 0;
    return {
      what: `${client} a depășit termenul pentru ${inSentence(n.period)} (${formatDate(n.due_date)}).`,
      detail:
        open === 1 ? 'Mai avea de trimis 1 document.' : `Mai avea de trimis ${countOf(open, 'document', 'documente')}.`,
    };
  }
  const name = n.document ? ` „${n.document.name}”` : '';
  const who = n.via_link ? 'prin linkul de încărcare' : n.actor_name ? `de ${n.actor_name}` : null;
  const state =
    n.document?.pending === true
      ? 'Așteaptă verificarea.'
      : n.document?.pending === false
        ? 'Verificat sau șters între timp.'
        : null;
  return {
    what: `Document nou${name} la ${client}${n.period ? `, ${inSentence(n.period)}` : ''}.`,
    detail: [who ? `Încărcat ${who}.` : null, state].filter(Boolean).join(' ') || null,
  };
}

/**
 * /company/notifications „Notificări”: what the firm's clients did (uploads, also through an upload
 * link, „Am terminat”) and who is past the due date, newest first. Opening it marks everything read for
 * the signed-in user; what was new stays marked „Nou” on this visit. Under it, the user's daily digest.
 */
export function NotificationsPage() {
  const companyId = useCompanyId();
  const [page, setPage] = useState(1);
  const list = useRequest((signal) => listNotifications(companyId, page, signal), [companyId, page], companyId > 0);
  const marked = useRef(false);

  useEffect(() => {
    if (marked.current || !list.data || list.data.meta.unread <= 0) return;
    marked.current = true;
    markAllRead(companyId).catch(() => {
      marked.current = false;
    });
  }, [companyId, list.data]);

  return (
    <div className="page">
      <PageHeader title="Notificări" />
      <p className="muted">Ce au făcut clienții firmei și cine a depășit termenul, cele mai noi întâi.</p>
      <ListStates
        list={list}
        errorText="Notificările nu au putut fi încărcate."
        serverError
        keepRowsOnError
        loadingLabel="Se încarcă notificările…"
        empty={
          <EmptyState title="Nicio notificare deocamdată.">
            Aici apar documentele încărcate de clienți, lunile anunțate ca terminate și clienții întârziați.
          </EmptyState>
        }
      >
        {(rows, data) => (
          <section className="card" aria-label="Lista notificărilor" aria-busy={list.loading || undefined}>
            <ul className="month-activity-list">
              {rows.map((n) => {
                const { what, detail } = describeNotification(n);
                const to = n.period ? paths.clientMonth(n.client.id, n.period) : paths.client(n.client.id);
                return (
                  <li key={n.id} className="month-activity-row">
                    <span className="muted">{formatDate(n.created_at, { time: true })}</span>
                    <div>
                      <p className="month-activity-what">
                        {n.unread ? <span className="badge badge-warning">Nou</span> : null} <Link to={to}>{what}</Link>
                      </p>
                      {detail ? <p className="month-activity-detail muted">{detail}</p> : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pager meta={data.meta} onPage={setPage} />
          </section>
        )}
      </ListStates>
      <DigestSettings companyId={companyId} />
    </div>
  );
}
