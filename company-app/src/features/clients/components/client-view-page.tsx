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
  downloadCollection,
  downloadDocument,
  errorMessage,
  errorStatus,
  formatPeriod,
  toast,
  useCurrentUser,
  useDownload,
  type UploadLimits,
} from '@dosar/shared';
import { companyUrl, useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { useClientView, type ClientDocument, type ClientView } from '../api/get-client';
import { NotifyClientDialog } from './notify-client-dialog';

/** Used when the server does not state its limits (it checks them either way). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  max_bytes: 50 * 1024 * 1024,
  allowed_types: [
    'pdf',
    'png',
    'jpg',
    'jpeg',
    'jpe',
    'jfif',
    'gif',
    'webp',
    'tif',
    'tiff',
    'heic',
    'heif',
    'docx',
    'xlsx',
    'pptx',
    'odt',
    'ods',
    'zip',
    'doc',
    'xls',
    'xml',
    'csv',
    'txt',
  ],
};

const ALL = '';

function uploadLimits(view: ClientView): UploadLimits {
  return {
    ...view.upload_limits,
    max_bytes: view.upload_limits?.max_bytes ?? DEFAULT_UPLOAD_LIMITS.max_bytes,
    allowed_types: view.upload_limits?.allowed_types ?? DEFAULT_UPLOAD_LIMITS.allowed_types,
  };
}

/** clients/{id}: the client's documents by category and month; upload, download, zip, delete, notify. */
export function ClientViewPage() {
  const { id } = useParams();
  const clientId = Number(id);
  const companyId = useCompanyId();
  const user = useCurrentUser();
  const [period, setPeriod] = useState(ALL);
  const [categoryId, setCategoryId] = useState(ALL);
  const [notifying, setNotifying] = useState(false);
  const filters = { period: period || undefined, category_id: categoryId ? Number(categoryId) : undefined };
  const view = useClientView(companyId, clientId, filters);
  const download = useDownload();
  const clientUrl = companyUrl(companyId, `clients/${clientId}`);

  if (!Number.isInteger(clientId) || clientId <= 0) {
    return <ErrorState message="Clientul nu a fost găsit." />;
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
        <Link to={paths.dashboard}>Înapoi la clienți</Link>
      </div>
    );
  }
  if (!view.data) return <Spinner />;

  const { data: client, categories, documents, periods } = view.data;
  const filtered = period !== ALL || categoryId !== ALL;
  // Comfort only: the server refuses role 3 anyway.
  const canDelete = () => user?.role === 2;

  const onDownload = (doc: ClientDocument) =>
    void download.run(doc.name, doc.name, (options) => downloadDocument(clientUrl, doc.id, options));

  const onDownloadAll = () =>
    void download.run(filtered ? 'Arhiva selecției' : 'Arhiva tuturor documentelor', `${client.name}.zip`, (options) =>
      downloadCollection(clientUrl, filters, options),
    );

  const onDelete = async (doc: ClientDocument) => {
    const confirmed = await confirmDialog({
      title: `Ștergi „${doc.name}”?`,
      text: 'Documentul nu va mai apărea în lista clientului.',
      confirmButtonText: 'Șterge',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await deleteDocument(clientUrl, doc.id);
      void toast.success(result.message ?? 'Documentul a fost șters.');
      if (view.data) view.setData({ ...view.data, documents: view.data.documents.filter((d) => d.id !== doc.id) });
      view.reload();
    } catch {
      // The shared client showed the server's message.
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <p className="muted">
            <Link to={paths.dashboard}>Clienți</Link> / {client.name}
          </p>
          <h1>{client.name}</h1>
          <p className="muted">
            {client.cui ? `CUI ${client.cui}` : 'Fără CUI'}
            {client.holding ? ` · Holding ${client.holding.name}` : ''}
            {client.email ? ` · ${client.email}` : ''}
            {client.phone ? ` · ${client.phone}` : ''}
          </p>
          {client.notes && <p className="muted">{`Note: ${client.notes}`}</p>}
        </div>
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => setNotifying(true)}>
            Notifică clientul
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onDownloadAll}
            disabled={documents.length === 0 || download.progress !== null}
            title={documents.length === 0 ? 'Nu există documente de descărcat.' : undefined}
          >
            {filtered ? 'Descarcă selecția (.zip)' : 'Descarcă tot (.zip)'}
          </button>
        </div>
      </div>

      {download.progress && <DownloadStatus progress={download.progress} onCancel={download.cancel} />}

      <UploadPanel
        clientUrl={clientUrl}
        categories={categories}
        limits={uploadLimits(view.data)}
        onUploaded={view.reload}
      />

      <div className="toolbar" role="group" aria-label="Filtre documente">
        <div className="field">
          <label htmlFor="filter-period">Luna</label>
          <Select
            inputId="filter-period"
            aria-label="Filtrează după lună"
            options={[
              { value: ALL, label: 'Toate lunile' },
              ...periods.map((p) => ({ value: p.period, label: `${formatPeriod(p.period)} (${p.count})` })),
            ]}
            value={period}
            onChange={(v) => setPeriod(String(v))}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-category">Categorie</label>
          <Select
            inputId="filter-category"
            aria-label="Filtrează după categorie"
            options={[
              { value: ALL, label: 'Toate categoriile' },
              ...categories.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={categoryId}
            onChange={(v) => setCategoryId(String(v))}
          />
        </div>
        {filtered && (
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
        )}
      </div>

      <div aria-busy={view.loading} aria-live="polite">
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
            canDelete={canDelete}
            busy={download.progress !== null}
            onDownload={onDownload}
            onDelete={(doc) => void onDelete(doc)}
          />
        )}
      </div>

      {notifying && (
        <NotifyClientDialog
          companyId={companyId}
          clientId={clientId}
          clientName={client.name}
          clientEmail={client.email}
          onClose={() => setNotifying(false)}
        />
      )}
    </div>
  );
}
