import { useId, useRef, useState, type DragEvent } from 'react';
import { ProgressBar, Select, formatBytes, toast } from '@dosar/shared';
import { formatPeriod, periodFromNow, recentPeriods } from '../../../lib/months';
import type { ClientCategory, UploadLimits } from '../api/get-client';
import { useBatchUpload, type QueuedFile } from '../hooks/use-batch-upload';

interface UploadPanelProps {
  companyId: number;
  clientId: number;
  categories: ClientCategory[];
  limits: UploadLimits;
  /** Called once a batch has saved at least one file. */
  onUploaded: () => void;
}

const NO_CATEGORY = '';

const STATUS_TEXT: Record<QueuedFile['status'], string> = {
  queued: 'În așteptare',
  uploading: 'Se încarcă',
  done: 'Încărcat',
  error: 'Eroare',
  cancelled: 'Anulat',
  rejected: 'Respins',
};

/** Drag and drop (or pick) many files, choose category and month for the batch, send with progress. */
export function UploadPanel({ companyId, clientId, categories, limits, onUploaded }: UploadPanelProps) {
  const upload = useBatchUpload(companyId, clientId, limits);
  const inputRef = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  const [dragging, setDragging] = useState(false);
  const [categoryId, setCategoryId] = useState<string>(categories[0] ? String(categories[0].id) : NO_CATEGORY);
  const [period, setPeriod] = useState(periodFromNow(0));

  const categoryOptions = [
    ...categories.map((c) => ({ value: String(c.id), label: c.name })),
    { value: NO_CATEGORY, label: 'Fără categorie' },
  ];
  const periodOptions = recentPeriods(24).map((p) => ({ value: p, label: formatPeriod(p) }));
  const acceptAttr = limits.extensions.map((e) => `.${e}`).join(',');
  const sendable = upload.files.filter((f) => f.status === 'queued' || f.status === 'error' || f.status === 'cancelled');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (upload.running) return;
    const dropped = Array.from(event.dataTransfer?.files ?? []);
    if (dropped.length > 0) upload.add(dropped);
  };

  const startUpload = async () => {
    const saved = await upload.start({ category_id: categoryId ? Number(categoryId) : null, period }, upload.files);
    if (saved > 0) {
      void toast.success(saved === 1 ? 'Un fișier a fost încărcat.' : `${saved} fișiere au fost încărcate.`);
      onUploaded();
    }
  };

  return (
    <section className="card" aria-labelledby={`${limitsId}-title`}>
      <h2 id={`${limitsId}-title`}>Încarcă documente</h2>
      <div className="grid">
        <div className="field">
          <label htmlFor="upload-category">Categorie</label>
          <Select
            inputId="upload-category"
            aria-label="Categoria documentelor"
            options={categoryOptions}
            value={categoryId}
            onChange={(v) => setCategoryId(String(v))}
            disabled={upload.running}
          />
        </div>
        <div className="field">
          <label htmlFor="upload-period">Luna</label>
          <Select
            inputId="upload-period"
            aria-label="Luna documentelor"
            options={periodOptions}
            value={period}
            onChange={(v) => setPeriod(String(v))}
            disabled={upload.running}
          />
        </div>
      </div>

      <div
        className={`dropzone${dragging ? ' dropzone-active' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="dropzone"
      >
        <p>Trage fișierele aici sau</p>
        <button
          type="button"
          className="btn"
          onClick={() => inputRef.current?.click()}
          disabled={upload.running}
          aria-describedby={limitsId}
        >
          Alege fișiere
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={acceptAttr || undefined}
          className="sr-only"
          tabIndex={-1}
          aria-label="Fișiere de încărcat"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            if (picked.length > 0) upload.add(picked);
            e.target.value = '';
          }}
        />
        <p id={limitsId} className="muted">
          {`Maximum ${formatBytes(limits.max_bytes)} pe fișier.`}
          {limits.extensions.length > 0 && ` Tipuri acceptate: ${limits.extensions.map((e) => e.toUpperCase()).join(', ')}.`}
        </p>
      </div>

      {upload.files.length > 0 && (
        <>
          <ul className="upload-list" aria-label="Fișiere selectate">
            {upload.files.map((item) => (
              <li key={item.key} className="upload-item">
                <div className="upload-item-head">
                  <span>{item.file.name}</span>
                  <span className="muted"> · {formatBytes(item.file.size)} · </span>
                  <span className={item.status === 'error' || item.status === 'rejected' ? 'field-error' : 'badge'}>
                    {STATUS_TEXT[item.status]}
                  </span>
                  {!upload.running && item.status !== 'done' && (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={`Scoate ${item.file.name} din listă`}
                      onClick={() => upload.remove(item.key)}
                    >
                      ✕
                    </button>
                  )}
                </div>
                {item.error && <p className="field-error">{item.error}</p>}
                {item.status !== 'rejected' && <ProgressBar value={item.progress} label={item.file.name} />}
              </li>
            ))}
          </ul>
          <ProgressBar value={upload.totalProgress} label={`Total (${formatBytes(upload.totalBytes)})`} />
          <div className="toolbar">
            {upload.running ? (
              <button type="button" className="btn btn-danger" onClick={upload.cancel}>
                Anulează încărcarea
              </button>
            ) : (
              <>
                <button type="button" className="btn btn-primary" disabled={sendable.length === 0} onClick={() => void startUpload()}>
                  {sendable.length === 0
                    ? 'Încarcă'
                    : sendable.length === 1
                      ? 'Încarcă 1 fișier'
                      : `Încarcă ${sendable.length} fișiere`}
                </button>
                <button type="button" className="btn btn-ghost" onClick={upload.clear}>
                  Golește lista
                </button>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
