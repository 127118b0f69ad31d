import { Link, useParams } from 'react-router-dom';
import { ClientDocumentsView, ErrorState, countOf, useCurrentUser } from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';
import { paths } from '../../../paths';
import { canDeleteDocument } from '../lib/can-delete';

const BACK = { to: paths.dashboard, crumb: 'Firmele grupului', label: 'Înapoi la firmele grupului' };

/**
 * /client/{id} (roles 4, 5): the shared client documents view on the holding door, with what
 * only the holding shows: the accounting company that keeps the client and the document count.
 * Role 4 deletes any document, role 5 only its own uploads.
 */
export function ClientViewPage() {
  const { id } = useParams();
  const holdingId = useHoldingId();
  const user = useCurrentUser();

  if (holdingId === null) {
    return (
      <div className="page">
        <ErrorState message="Clientul nu a fost găsit." />
        <Link to={BACK.to}>{BACK.label}</Link>
      </div>
    );
  }
  return (
    <ClientDocumentsView
      apiBase={holdingBase(holdingId)}
      clientId={Number(id)}
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
    />
  );
}
