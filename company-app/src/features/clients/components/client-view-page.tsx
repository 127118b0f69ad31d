import { useId, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  ClientDocumentsView,
  TabList,
  confirmDialog,
  tabIds,
  toast,
  useCurrentUser,
  type ClientSummary,
  type TabEntry,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { archiveClient } from '../api/client-record';
import { EditClientDialog } from './edit-client-dialog';
import { NotifyClientDialog } from './notify-client-dialog';
import { PortalAccessSection } from './portal-access-section';

/** A section of the client page beside its documents (the app composes them: App.tsx). */
export interface ClientSection {
  /** In the address: /company/clients/{id}?tab={id}. */
  id: string;
  label: string;
  render: (clientId: number) => ReactNode;
}

export interface ClientViewPageProps {
  /**
   * The client's month sections („Luna”, „Ce trebuie să predea”, „Istoric”) as tabs: the first opens
   * the page, „Documente” comes right after it. None: the documents alone, „Acces portal” under them.
   */
  sections?: ClientSection[];
}

const DOCUMENTS = 'documente';
const ACCESS = 'acces';

/**
 * /company/clients/{id}: the shared client documents view on the company door, with what only
 * the company has: the client's contact details and notes, "Notifică clientul", and for the owner
 * (role 2) „Editează”, „Arhivează” and the „Acces portal” section. Role 2 deletes documents, role 3
 * does not (comfort only: the server refuses role 3 anyway). With sections, the page opens on the
 * current month, so the firm sees what the client still owes before anything else.
 */
export function ClientViewPage({ sections = [] }: ClientViewPageProps = {}) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const idPrefix = useId();
  const clientId = Number(id);
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const owner = useCurrentUser()?.role === 2;
  const [notifying, setNotifying] = useState<ClientSummary | null>(null);
  const [editing, setEditing] = useState<ClientSummary | null>(null);
  const [archiving, setArchiving] = useState(false);
  // A new key reloads the view after an edit (its header shows the saved fields).
  const [version, setVersion] = useState(0);

  const archive = async (client: ClientSummary) => {
    const confirmed = await confirmDialog({
      title: `Arhivezi clientul ${client.name}?`,
      text: 'Clientul dispare din listă și din portalul holdingului. Documentele rămân păstrate; îl poți restaura din filtrul „Arhivați” al listei de clienți.',
      confirmButtonText: 'Arhivează',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    setArchiving(true);
    try {
      const answer = await archiveClient(companyId, client.id);
      void toast.success(answer.message || 'Clientul a fost arhivat.');
      navigate(paths.dashboard);
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setArchiving(false);
    }
  };

  const validId = Number.isInteger(clientId) && clientId > 0;
  const tabbed = sections.length > 0;
  const entries: TabEntry[] = tabbed
    ? [
        { id: sections[0].id, label: sections[0].label },
        { id: DOCUMENTS, label: 'Documente' },
        ...sections.slice(1).map((section) => ({ id: section.id, label: section.label })),
        ...(owner ? [{ id: ACCESS, label: 'Acces portal' }] : []),
      ]
    : [];
  const current = entries.find((entry) => entry.id === params.get('tab'))?.id ?? entries[0]?.id ?? null;
  const accessSection = (
    <PortalAccessSection
      key={version}
      companyId={companyId}
      clientId={clientId}
      onHoldingCreated={() => setVersion((v) => v + 1)}
    />
  );
  const section = sections.find((entry) => entry.id === current);

  return (
    <>
      <ClientDocumentsView
        key={version}
        sections={
          tabbed
            ? {
                list: <TabList label="Secțiunile clientului" tabs={entries} current={current} idPrefix={idPrefix} />,
                tabId: tabIds(idPrefix, current).tab,
                panelId: tabIds(idPrefix, current).panel,
                current:
                  current === ACCESS ? () => accessSection : section ? () => section.render(clientId) : undefined,
              }
            : undefined
        }
        apiBase={companyBase(companyId)}
        clientId={clientId}
        back={{ to: paths.dashboard, crumb: 'Clienți', label: 'Înapoi la clienți' }}
        canDelete={() => owner}
        details={(client) => (
          <>
            <p className="muted">
              {client.cui ? `CUI ${client.cui}` : 'Fără CUI'}
              {client.holding ? ` · Holding ${client.holding.name}` : ''}
              {client.email ? ` · ${client.email}` : ''}
              {client.phone ? ` · ${client.phone}` : ''}
            </p>
            {client.notes ? <p className="muted">{`Note: ${client.notes}`}</p> : null}
          </>
        )}
        actions={(client) => (
          <>
            <button type="button" className="btn" onClick={() => setNotifying(client)}>
              Notifică clientul
            </button>
            {owner ? (
              <>
                <button type="button" className="btn" onClick={() => setEditing(client)}>
                  Editează
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={archiving}
                  onClick={() => void archive(client)}
                >
                  Arhivează
                </button>
              </>
            ) : null}
          </>
        )}
      />
      {!tabbed && owner && validId ? <div className="page">{accessSection}</div> : null}
      {editing ? (
        <EditClientDialog
          companyId={companyId}
          client={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
      {notifying ? (
        <NotifyClientDialog
          companyId={companyId}
          clientId={notifying.id}
          clientName={notifying.name}
          clientEmail={notifying.email}
          onClose={() => setNotifying(null)}
        />
      ) : null}
    </>
  );
}
