import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '../session/hooks';
import { countOf } from '../lib/plural';
import { Link } from 'react-router-dom';
import { errorMessage, errorStatus } from '../lib/errors';
import { formatPeriod, periodFromNow } from '../lib/months';
import { useDownload } from '../lib/use-download';
import { useRequest } from '../lib/use-request';
import { confirmDialog } from '../ui/confirm-dialog';
import { DownloadStatus } from '../ui/DownloadStatus';
import { ErrorState } from '../ui/ErrorState';
import { Select } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { bulkDocuments } from './api/bulk-documents';
import { deleteDocument } from './api/delete-document';
import { updateDocument } from './api/update-document';
import { BulkBar } from './BulkBar';
import { MoveDialog, type MoveTarget } from './MoveDialog';
import { TrashPanel } from './TrashPanel';
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
  /**
   * Whether to offer „Mută / redenumește” (comfort only: the server decides). By default: the
   * company's staff any document; a holding's administrator its side's uploads, role 5 its own.
   */
  canEdit?: (document: ClientDocument) => boolean;
  /** Whether to offer the trash. By default the company's owner (role 2) and a holding's administrator (role 4). */
  canSeeTrash?: boolean;
  /**
   * The page's sections as tabs under the header: the tab list, the ids of the current tab and its
   * panel, and the current section when it is not the documents (the header stays, the documents go).
   */
  sections?: { list: ReactNode; tabId: string; panelId: string; current?: (client: ClientSummary) => ReactNode };
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
  canEdit,
  canSeeTrash,
  sections,
}: ClientDocumentsViewProps) {
  const user = useCurrentUser();
  const holdingDoor = apiBase.startsWith('/api/holding/');
  const mayEdit =
    canEdit ??
    ((doc: ClientDocument) => {
      if (!holdingDoor) return user?.role === 2 || user?.role === 3;
      if (user?.role === 4) return doc.uploaded_by?.side === 'holding';
      return user?.role === 5 && doc.uploaded_by?.id === user.id;
    });
  const showTrash = canSeeTrash ?? (holdingDoor ? user?.role === 4 : user?.role === 2);
  const [trashOpen, setTrashOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState<ClientDocument[] | null>(null);
  /** Bumped by every change of the list, so an open trash reads itself again. */
  const [changes, setChanges] = useState(0);
  const [period, setPeriod] = useState(ALL);
  const [categoryId, setCategoryId] = useState(ALL);
  // Another section in sight: only the header is needed, and this month's documents keep the answer small.
  const otherSection = sections?.current !== undefined;
  const filters = otherSection
    ? { period: periodFromNow(0), category_id: undefined }
    : { period: period || undefined, category_id: categoryId ? Number(categoryId) : undefined };
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
  const chosen = documents.filter((d) => selected.has(d.id));
  const mayDelete = (doc: ClientDocument) => doc.can_delete !== false && canDelete(doc);

  const select = (id: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const afterChange = () => {
    setSelected(new Set());
    setChanges((n) => n + 1);
    view.reload();
  };

  const onDownloadSelection = () =>
    void download.run('arhiva documentelor selectate', `${client.name} - selecție.zip`, (options) =>
      downloadCollection(clientUrl, { ids: chosen.map((d) => d.id) }, options),
    );

  const onMoveSave = async (target: MoveTarget) => {
    const docs = moving ?? [];
    if (docs.length === 1) {
      const result = await updateDocument(clientUrl, docs[0].id, target);
      void toast.success(result?.message ?? 'Documentul a fost actualizat.');
    } else {
      const result = await bulkDocuments(
        clientUrl,
        docs.map((d) => d.id),
        { action: 'move', category_id: target.category_id, period: target.period },
      );
      void toast.success(result?.message ?? 'Documentele au fost mutate.');
    }
    setMoving(null);
    afterChange();
  };

  const onDeleteSelection = async () => {
    const what = countOf(chosen.length, 'document', 'documente');
    const confirmed = await confirmDialog({
      title: `Ștergi ${what}?`,
      text: 'Documentele ajung în coșul de gunoi, de unde pot fi restaurate.',
      confirmButtonText: 'Șterge',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await bulkDocuments(
        clientUrl,
        chosen.map((d) => d.id),
        { action: 'delete' },
      );
      void toast.success(result?.message ?? `${what} au fost șterse.`);
      afterChange();
    } catch {
      // The shared HTTP client already showed the server's message.
    }
  };

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
      text: showTrash
        ? 'Documentul ajunge în coșul de gunoi, de unde poate fi restaurat.'
        : 'Documentul nu va mai apărea în lista clientului.',
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
      select(doc.id, false);
      setChanges((n) => n + 1);
      view.reload();
    } catch {
      // The shared HTTP client already showed the server's message.
    }
  };

  const documentsTools = (
    <>
      {showTrash ? (
        <button
          type="button"
          className="btn"
          aria-expanded={trashOpen}
          aria-controls="client-trash"
          onClick={() => setTrashOpen((open) => !open)}
        >
          {trashOpen ? 'Ascunde coșul de gunoi' : 'Coș de gunoi'}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        onClick={onDownloadAll}
        disabled={documents.length === 0 || download.progress !== null}
        title={documents.length === 0 ? 'Nu există documente de descărcat.' : undefined}
      >
        {filtered ? 'Descarcă selecția (.zip)' : 'Descarcă tot (.zip)'}
      </button>
    </>
  );

  const documentsBody = (
    <>
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}

      {showTrash && trashOpen ? (
        <div id="client-trash">
          <TrashPanel key={changes} clientUrl={clientUrl} onRestored={view.reload} />
        </div>
      ) : null}

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

      {!view.error && documents.length > 0 ? (
        <BulkBar
          shown={documents.length}
          selected={chosen.length}
          busy={download.progress !== null}
          onSelectAll={(checked) => setSelected(checked ? new Set(documents.map((d) => d.id)) : new Set())}
          onDownload={onDownloadSelection}
          onMove={chosen.length > 0 && chosen.every(mayEdit) ? () => setMoving(chosen) : undefined}
          onDelete={chosen.length > 0 && chosen.every(mayDelete) ? () => void onDeleteSelection() : undefined}
        />
      ) : null}

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
            canEdit={mayEdit}
            onEdit={(doc) => setMoving([doc])}
            selected={selected}
            onSelect={select}
            fileUrl={(doc) => `${clientUrl}/media/${doc.id}`}
          />
        )}
      </div>

      {moving ? (
        <MoveDialog documents={moving} categories={categories} onClose={() => setMoving(null)} onSave={onMoveSave} />
      ) : null}
    </>
  );

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
          {otherSection ? null : documentsTools}
        </div>
      </div>
      {/* Its own row: in the header's flex row the tabs' one-line width would widen a phone's page. */}
      {sections?.list}
      {sections ? (
        <div role="tabpanel" id={sections.panelId} aria-labelledby={sections.tabId}>
          {otherSection ? sections.current?.(client) : documentsBody}
        </div>
      ) : (
        documentsBody
      )}
    </div>
  );
}
