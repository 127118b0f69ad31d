import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, errorStatus } from '../lib/errors';
import { formatPeriod } from '../lib/months';
import { useDownload } from '../lib/use-download';
import { useRequest } from '../lib/use-request';
import { confirmDialog } from '../ui/confirm-dialog';
import { DownloadStatus } from '../ui/DownloadStatus';
import { ErrorState } from '../ui/ErrorState';
import { Select } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { deleteDocument } from './api/delete-document';
import { downloadCollection } from './api/download-collection';
import { downloadDocument } from './api/download-document';
import { getClientDocuments, type ClientDocument, type ClientSummary } from './api/get-client-documents';
import { DocumentsList } from './DocumentsList';
import { documentName } from './types';
import { UploadPanel } from './UploadPanel';

export interface ClientDocumentsViewProps {
  /** The caller's door, without a trailing slash: /api/company/{companyId} or /api/holding/{holdingId}. */
  apiBase: string;
  clientId: number;
  /** The client list this view belongs to: the crumb above the name and the way back after an error. */
  back: { to: string; crumb: string; label: string };
  /** What the door knows about the client, under its name (CUI, holding or company, contact…). */
  details: (client: ClientSummary) => ReactNode;
  /** More buttons beside the zip download (e.g. the company's "Notifică clientul"). */
  actions?: (client: ClientSummary) => ReactNode;
  /** Whether to offer "Șterge" for a document (comfort only: the server decides; `can_delete: false` always hides it). */
  canDelete: (document: ClientDocument) => boolean;
  /** Whether to show the upload panel (every role of both doors uploads today). */
  canUpload?: boolean;
}

const ALL = '';

/**
 * A client's documents by category and month: upload many files with progress, filter by
 * month and category, download one file or the selection as a zip, delete. The same view
 * on the company door and the holding door; each area gives its header and its role rules.
 */
export function ClientDocumentsView({
  apiBase,
  clientId,
  back,
  details,
  actions,
  canDelete,
  canUpload = true,
}: ClientDocumentsViewProps) {
  const [period, setPeriod] = useState(ALL);
  const [categoryId, setCategoryId] = useState(ALL);
  const filters = { period: period || undefined, category_id: categoryId ? Number(categoryId) : undefined };
  const validId = Number.isInteger(clientId) && clientId > 0;
  const clientUrl = `${apiBase}/clients/${clientId}`;
  const view = useRequest(
    (signal) => getClientDocuments(clientUrl, filters, signal),
    [clientUrl, filters.period, filters.category_id],
    validId,
  );
  const download = useDownload();
  const backLink = <Link to={back.to}>{back.label}</Link>;

  if (!validId || (view.error && !view.data)) {
    const notFound = !validId || errorStatus(view.error) === 404;
    return (
      <div className="page">
        <ErrorState
          message={
            notFound ? 'Clientul nu a fost găsit.' : errorMessage(view.error, 'Clientul nu a putut fi încărcat.')
          }
          onRetry={notFound ? undefined : view.reload}
        />
        {backLink}
      </div>
    );
  }
  if (!view.data) return <Spinner label="Se încarcă documentele…" />;

  const { client, categories, documents, periods } = view.data;
  const filtered = period !== ALL || categoryId !== ALL;

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
            <Link to={back.to}>{back.crumb}</Link> / {client.name}
          </p>
          <h1>{client.name}</h1>
          {details(client)}
        </div>
        <div className="toolbar">
          {actions?.(client)}
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

      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}

      {canUpload ? (
        <UploadPanel
          clientUrl={clientUrl}
          categories={categories}
          limits={view.data.upload_limits}
          onUploaded={view.reload}
        />
      ) : null}

      <div className="toolbar" role="group" aria-label="Filtre documente">
        <div className="field">
          <label htmlFor="filter-period">Luna</label>
          <Select
            inputId="filter-period"
            aria-label="Filtrează după lună"
            options={[
              { value: ALL, label: 'Toate lunile' },
              ...periods.map((p) => ({
                value: p.period,
                label: p.count === undefined ? formatPeriod(p.period) : `${formatPeriod(p.period)} (${p.count})`,
              })),
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
            canDelete={canDelete}
            busy={download.progress !== null}
            onDownload={onDownload}
            onDelete={(doc) => void onDelete(doc)}
            fileUrl={(doc) => `${clientUrl}/media/${doc.id}`}
          />
        )}
      </div>
    </div>
  );
}
