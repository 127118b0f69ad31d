import { useId, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  ClientDocumentsView,
  ErrorState,
  TabList,
  countOf,
  tabIds,
  useCurrentUser,
  type ClientSummary,
  type TabEntry,
} from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';
import { paths } from '../../../paths';
import { canDeleteDocument } from '../lib/can-delete';

const BACK = { to: paths.dashboard, crumb: 'Firmele holdingului', label: 'Înapoi la firmele holdingului' };

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

function NotFound() {
  return (
    <div className="page">
      <ErrorState message="Clientul nu a fost găsit." />
      <Link to={BACK.to}>{BACK.label}</Link>
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
  const idPrefix = useId();
  const holdingId = useHoldingId();
  const user = useCurrentUser();

  if (holdingId === null) return <NotFound />;

  const clientId = Number(id);
  const current = tabs.find((t) => t.id === params.get('tab')) ?? null;
  const entries: TabEntry[] = [{ id: null, label: 'Documente' }, ...tabs.map((t) => ({ id: t.id, label: t.label }))];
  const clientUrl = `${holdingBase(holdingId)}/clients/${clientId}`;
  const ids = tabIds(idPrefix, current?.id ?? null);
  return (
    <ClientDocumentsView
      apiBase={holdingBase(holdingId)}
      clientId={clientId}
      back={BACK}
      canDelete={(doc) => canDeleteDocument(user, doc)}
      details={(client) => (
        <p className="muted">
          {client.cui ? `CUI ${client.cui}` : 'Fără CUI'}
          {client.company ? ` · Contabilitate: ${client.company.name}` : ''}
          {typeof client.documents_count === 'number'
            ? ` · ${countOf(client.documents_count, 'document', 'documente')}`
            : ''}
        </p>
      )}
      sections={
        tabs.length > 0
          ? {
              list: (
                <TabList label="Secțiunile firmei" tabs={entries} current={current?.id ?? null} idPrefix={idPrefix} />
              ),
              tabId: ids.tab,
              panelId: ids.panel,
              current: current ? (client) => current.render({ clientUrl, client }) : undefined,
            }
          : undefined
      }
    />
  );
}
