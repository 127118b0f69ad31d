import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ClientDocumentsView, useCurrentUser, type ClientSummary } from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { NotifyClientDialog } from './notify-client-dialog';

/**
 * /company/clients/{id}: the shared client documents view on the company door, with what only
 * the company has: the client's contact details and notes, and "Notifică clientul". Role 2
 * deletes documents, role 3 does not (comfort only: the server refuses role 3 anyway).
 */
export function ClientViewPage() {
  const { id } = useParams();
  const companyId = useCompanyId();
  const role = useCurrentUser()?.role;
  const [notifying, setNotifying] = useState<ClientSummary | null>(null);

  return (
    <>
      <ClientDocumentsView
        apiBase={companyBase(companyId)}
        clientId={Number(id)}
        back={{ to: paths.dashboard, crumb: 'Clienți', label: 'Înapoi la clienți' }}
        canDelete={() => role === 2}
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
          <button type="button" className="btn" onClick={() => setNotifying(client)}>
            Notifică clientul
          </button>
        )}
      />
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
