import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  ClientDocumentsView,
  ErrorState,
  Spinner,
  countOf,
  errorMessage,
  errorStatus,
  getClientDocuments,
  periodFromNow,
  useCurrentUser,
  useRequest,
  type ClientSummary,
} from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';
import { paths } from '../../../paths';
import { canDeleteDocument } from '../lib/can-delete';

const BACK = { to: paths.dashboard, crumb: 'Firmele grupului', label: 'Înapoi la firmele grupului' };

/** A section of the client page beside its documents (the app composes them: App.tsx). */
export interface ClientTab {
  /** In the URL: /client/{id}?tab={id}. */
  id: string;
  label: string;
  render: (context: { clientUrl: string; client: ClientSummary }) => ReactNode;
}

export interface ClientViewPageProps {
  /** Sections after „Documente”; none: the documents alone. */
  tabs?: ClientTab[];
}

function ClientTabs({ tabs, current }: { tabs: ClientTab[]; current: string | null }) {
  const entries = [{ id: null, label: 'Documente' }, ...tabs.map((t) => ({ id: t.id, label: t.label }))];
  return (
    <nav className="month-tabs" aria-label="Secțiunile firmei">
      {entries.map((entry) => (
        <Link
          key={entry.id ?? 'documents'}
          to={{ search: entry.id ? `?tab=${entry.id}` : '' }}
          className={entry.id === current ? 'month-tab-link active' : 'month-tab-link'}
          aria-current={entry.id === current ? 'page' : undefined}
        >
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}

function NotFound({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div className="page">
      <ErrorState message={message ?? 'Clientul nu a fost găsit.'} onRetry={onRetry} />
      <Link to={BACK.to}>{BACK.label}</Link>
    </div>
  );
}

/** A section other than the documents, under the client's header (name, details, the sections). */
function ClientTabPage({
  clientUrl,
  tab,
  details,
  tabBar,
}: {
  clientUrl: string;
  tab: ClientTab;
  details: (client: ClientSummary) => ReactNode;
  tabBar: ReactNode;
}) {
  // Only the header is needed: one month's documents keep the answer small.
  const view = useRequest((signal) => getClientDocuments(clientUrl, { period: periodFromNow(0) }, signal), [clientUrl]);
  if (view.error && !view.data) {
    return errorStatus(view.error) === 404 ? (
      <NotFound />
    ) : (
      <NotFound message={errorMessage(view.error, 'Clientul nu a putut fi încărcat.')} onRetry={view.reload} />
    );
  }
  if (!view.data) return <Spinner />;
  const { client } = view.data;
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <p className="muted">
            <Link to={BACK.to}>{BACK.crumb}</Link> / {client.name}
          </p>
          <h1>{client.name}</h1>
          {details(client)}
          {tabBar}
        </div>
      </div>
      {tab.render({ clientUrl, client })}
    </div>
  );
}

/**
 * /client/{id} (roles 4, 5): the shared client documents view on the holding door, with what
 * only the holding shows: the accounting company that keeps the client and the document count.
 * Role 4 deletes any document, role 5 only its own uploads. `tabs` adds sections beside the
 * documents (?tab=…), each under the same header.
 */
export function ClientViewPage({ tabs = [] }: ClientViewPageProps) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const holdingId = useHoldingId();
  const user = useCurrentUser();

  if (holdingId === null) return <NotFound />;

  const clientId = Number(id);
  const current = tabs.find((t) => t.id === params.get('tab')) ?? null;
  const tabBar = tabs.length > 0 ? <ClientTabs tabs={tabs} current={current?.id ?? null} /> : null;
  const details = (client: ClientSummary) => (
    <p className="muted">
      {client.cui ? `CUI ${client.cui}` : 'Fără CUI'}
      {client.company ? ` · Contabilitate: ${client.company.name}` : ''}
      {typeof client.documents_count === 'number'
        ? ` · ${countOf(client.documents_count, 'document', 'documente')}`
        : ''}
    </p>
  );

  if (current && Number.isInteger(clientId) && clientId > 0) {
    return (
      <ClientTabPage
        clientUrl={`${holdingBase(holdingId)}/clients/${clientId}`}
        tab={current}
        details={details}
        tabBar={tabBar}
      />
    );
  }
  return (
    <ClientDocumentsView
      apiBase={holdingBase(holdingId)}
      clientId={clientId}
      back={BACK}
      canDelete={(doc) => canDeleteDocument(user, doc)}
      details={(client) => (
        <>
          {details(client)}
          {tabBar}
        </>
      )}
    />
  );
}
