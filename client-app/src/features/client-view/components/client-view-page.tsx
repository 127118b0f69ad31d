import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  DocumentsList,
  DownloadStatus,
  ErrorState,
  Select,
  Spinner,
  UploadPanel,
  confirmDialog,
  deleteDocument,
  documentName,
  downloadCollection,
  downloadDocument,
  errorMessage,
  errorStatus,
  formatPeriod,
  toast,
  useCurrentUser,
  useDownload,
} from '@dosar/shared';
import { holdingUrl } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';
import { paths } from '../../../paths';
import { useClientView, type ClientDocument } from '../api/get-client';
import { canDeleteDocument } from '../lib/can-delete';

const ALL = '';

function BackLink() {
  return <Link to={paths.dashboard}>Înapoi la firmele grupului</Link>;
}

/** /client/{id} (roles 4, 5): the client's documents by category and month; upload, download, zip, delete. */
export function ClientViewPage() {
  const { id } = useParams();
  const clientId = Number(id);
  const holdingId = useHoldingId();
  const [period, setPeriod] = useState(ALL);
  const [categoryId, setCategoryId] = useState(ALL);
  const filters = { period: period || undefined, category_id: categoryId ? Number(categoryId) : undefined };
  const user = useCurrentUser();
  const view = useClientView(holdingId, clientId, filters);
  const download = useDownload();

  if (!Number.isInteger(clientId) || clientId <= 0 || holdingId === null) {
    return (
      <div className="page">
        <ErrorState message="Clientul nu a fost găsit." />
        <BackLink />
      </div>
    );
  }
  if (view.error && !view.data) {
    const notFound = errorStatus(view.error) === 404;
    return (
      <div className="page">
        <ErrorState
          message={
            notFound ? 'Clientul nu a fost găsit.' : errorMessage(view.error, 'Clientul nu a putut fi încărcat.')
          }
          onRetry={notFound ? undefined : view.reload}
        />
        <BackLink />
      </div>
    );
  }
  if (!view.data) return <Spinner label="Se încarcă documentele…" />;

  const { client } = view.data;
  const categories = view.data.categories ?? [];
  const documents = view.data.documents ?? [];
  const filtered = period !== ALL || categoryId !== ALL;
  const periods =
    view.data.periods ?? [...new Set(documents.map((d) => d.period).filter((p): p is string => !!p))].sort().reverse();
  const orderedCategories = [...categories].sort((a, b) => a.position - b.position || a.id - b.id);
  const clientUrl = holdingUrl(holdingId, `clients/${clientId}`);

  const onDownload = (doc: ClientDocument) => {
    const name = documentName(doc);
    void download.run(name, name, (options) => downloadDocument(clientUrl, doc.id, options));
  };

  const onDownloadAll = () =>
    void download.run(filtered ? 'arhiva selecției' : 'arhiva tuturor documentelor', `${client.name}.zip`, (options) =>
      downloadCollection(clientUrl, filters, options),
    );

  const onDelete = async (doc: ClientDocument) => {
    const confirmed = await confirmDialog({
      title: `Ștergi „${documentName(doc)}”?`,
      text: 'Documentul nu va mai apărea în lista clientului.',
      confirmButtonText: 'Șterge',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await deleteDocument(clientUrl, doc.id);
      void toast.success(result?.message ?? 'Documentul a fost șters.');
      const current = view.data;
      if (current) view.setData({ ...current, documents: current.documents.filter((d) => d.id !== doc.id) });
      view.reload();
    } catch {
      // The shared HTTP client already showed the server's message.
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <p className="muted">
            <Link to={paths.dashboard}>Firmele grupului</Link> / {client.name}
          </p>
          <h1>{client.name}</h1>
          <p className="muted">
            {client.cui ? `CUI ${client.cui}` : 'Fără CUI'}
            {client.company ? ` · Contabilitate: ${client.company.name}` : ''}
            {typeof client.documents_count === 'number' ? ` · ${client.documents_count} documente` : ''}
          </p>
        </div>
        <div className="toolbar">
          <button
            type="button"
            className="btn btn-primary"
            onClick={onDownloadAll}
            disabled={documents.length === 0 || download.progress !== null}
          >
            {filtered ? 'Descarcă selecția (.zip)' : 'Descarcă tot (.zip)'}
          </button>
        </div>
      </div>

      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}

      <UploadPanel
        clientUrl={clientUrl}
        categories={categories}
        limits={view.data.upload_limits}
        onUploaded={view.reload}
      />

      <div className="toolbar" role="group" aria-label="Filtre documente">
        <div className="field">
          <label htmlFor="filter-period">Luna</label>
          <Select
            inputId="filter-period"
            options={[
              { value: ALL, label: 'Toate lunile' },
              ...periods.map((p) => ({ value: p, label: formatPeriod(p) })),
            ]}
            value={period}
            onChange={(v) => setPeriod(String(v))}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-category">Categorie</label>
          <Select
            inputId="filter-category"
            options={[
              { value: ALL, label: 'Toate categoriile' },
              ...orderedCategories.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={categoryId}
            onChange={(v) => setCategoryId(String(v))}
          />
        </div>
        {filtered ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setPeriod(ALL);
              setCategoryId(ALL);
            }}
          >
            Arată toate
          </button>
        ) : null}
        {view.loading ? <Spinner block={false} label="Se actualizează…" /> : null}
      </div>

      <div aria-busy={view.loading}>
        {view.error ? (
          <ErrorState
            message={errorMessage(view.error, 'Documentele nu au putut fi încărcate.')}
            onRetry={view.reload}
          />
        ) : (
          <DocumentsList
            documents={documents}
            categories={categories}
            filtered={filtered}
            canDelete={(doc) => canDeleteDocument(user, doc)}
            busy={download.progress !== null}
            onDownload={onDownload}
            onDelete={(doc) => void onDelete(doc)}
          />
        )}
      </div>
    </div>
  );
}
