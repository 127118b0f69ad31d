import { useId, useRef, useState } from 'react';
import { formatBytes } from '../lib/format';
import { formatPeriod, periodFromNow, recentPeriods } from '../lib/months';
import { countOf } from '../lib/plural';
import { ProgressBar } from '../ui/ProgressBar';
import { Select } from '../ui/Select';
import { toast } from '../ui/toast';
import { FileDropZone } from './FileDropZone';
import type { DocumentCategory, UploadLimits } from './types';
import { useBatchUpload, type QueuedFile } from './use-batch-upload';

export interface UploadPanelProps {
  /** The client's base URL in the caller's area, e.g. /api/company/1/clients/7. */
  clientUrl: string;
  categories: DocumentCategory[];
  /** What the server accepts; without it only the server checks. */
  limits?: UploadLimits;
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

function limitsText(limits: UploadLimits | undefined): string {
  const parts: string[] = [];
  if (limits?.max_bytes) parts.push(`Maximum ${formatBytes(limits.max_bytes)} pe fișier.`);
  if (limits?.allowed_types?.length)
    parts.push(`Tipuri acceptate: ${limits.allowed_types.map((e) => e.toUpperCase()).join(', ')}.`);
  if (limits?.max_files) parts.push(`Cel mult ${countOf(limits.max_files, 'fișier', 'fișiere')} odată.`);
  return parts.join(' ') || 'Poți alege mai multe fișiere deodată.';
}

/**
 * Drag and drop (or pick) many files, a category and month for the batch that each file can
 * change for itself before sending, per-file and total progress, cancel. The same panel serves the company and the holding client views.
 */
export function UploadPanel({ clientUrl, categories, limits, onUploaded }: UploadPanelProps) {
  const upload = useBatchUpload(clientUrl, limits);
  const cameraRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const limitsId = `${baseId}-limits`;
  const ordered = [...categories].sort((a, b) => a.position - b.position || a.id - b.id);
  const [categoryId, setCategoryId] = useState<string>(ordered[0] ? String(ordered[0].id) : NO_CATEGORY);
  const [period, setPeriod] = useState(periodFromNow(0));

  const categoryOptions = [
    ...ordered.map((c) => ({ value: String(c.id), label: c.name })),
    { value: NO_CATEGORY, label: 'Fără categorie' },
  ];
  const periodOptions = recentPeriods(24).map((p) => ({ value: p, label: formatPeriod(p) }));
  const accept = limits?.accept || limits?.allowed_types?.map((e) => `.${e}`).join(',') || undefined;
  const sendable = upload.files.filter(
    (f) => f.status === 'queued' || f.status === 'error' || f.status === 'cancelled',
  );

  const addFiles = (incoming: File[]) => {
    if (incoming.length === 0 || upload.running) return;
    const max = limits?.max_files;
    if (max && incoming.length > max) {
      void toast.error(
        `Poți încărca cel mult ${countOf(max, 'fișier', 'fișiere')} odată; au fost păstrate primele ${max}.`,
      );
      upload.add(incoming.slice(0, max));
      return;
    }
    upload.add(incoming);
  };

  const batchTarget = { category_id: categoryId ? Number(categoryId) : null, period };
  const targetOf = (item: QueuedFile) => item.target ?? batchTarget;

  const startUpload = async () => {
    const saved = await upload.start(batchTarget, upload.files);
    if (saved > 0) {
      void toast.success(
        saved === 1 ? 'Un fișier a fost încărcat.' : `${countOf(saved, 'fișier', 'fișiere')} au fost încărcate.`,
      );
      onUploaded();
    }
  };

  return (
    <section className="card" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>Încarcă documente</h2>
      <div className="grid">
        <div className="field">
          <label htmlFor={`${baseId}-category`}>Categorie (pentru toate fișierele)</label>
          <Select
            inputId={`${baseId}-category`}
            aria-label="Categoria documentelor"
            options={categoryOptions}
            value={categoryId}
            onChange={(v) => setCategoryId(String(v))}
            disabled={upload.running}
          />
        </div>
        <div className="field">
          <label htmlFor={`${baseId}-period`}>Luna (pentru toate fișierele)</label>
          <Select
            inputId={`${baseId}-period`}
            aria-label="Luna documentelor"
            options={periodOptions}
            value={period}
            onChange={(v) => setPeriod(String(v))}
            disabled={upload.running}
          />
        </div>
      </div>

      <FileDropZone
        onFiles={addFiles}
        prompt="Trage fișierele aici sau"
        inputLabel="Fișiere de încărcat"
        accept={accept}
        disabled={upload.running}
        describedBy={limitsId}
        data-testid="dropzone"
      >
        {/* On a phone: the camera straight away (shown only where the pointer is a finger). */}
        <button
          type="button"
          className="btn upload-camera"
          onClick={() => cameraRef.current?.click()}
          disabled={upload.running}
        >
          Fotografiază
        </button>
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label="Fotografie de încărcat"
          onChange={(e) => {
            addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <p id={limitsId} className="muted">
          {limitsText(limits)}
        </p>
      </FileDropZone>

      {upload.files.length > 0 ? (
        <>
          <ul className="upload-list" aria-label="Fișiere selectate">
            {upload.files.map((item) => (
              <li key={item.key} className="upload-item">
                <div className="upload-item-head">
                  <span>{item.file.name}</span>
                  <span className="muted"> · {formatBytes(item.file.size)} · </span>
                  <span
                    className={item.status === 'error' || item.status === 'rejected' ? 'badge badge-danger' : 'badge'}
                  >
                    {STATUS_TEXT[item.status]}
                  </span>
                  {!upload.running && item.status !== 'done' ? (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={`Scoate ${item.file.name} din listă`}
                      onClick={() => upload.remove(item.key)}
                    >
                      ✕
                    </button>
                  ) : null}
                </div>
                {item.status !== 'rejected' && item.status !== 'done' ? (
                  <div className="upload-item-target" role="group" aria-label={`Unde merge ${item.file.name}`}>
                    <Select
                      aria-label={`Categoria pentru ${item.file.name}`}
                      options={categoryOptions}
                      value={targetOf(item).category_id === null ? NO_CATEGORY : String(targetOf(item).category_id)}
                      onChange={(v) =>
                        upload.retarget(item.key, { ...targetOf(item), category_id: v ? Number(v) : null })
                      }
                      disabled={upload.running}
                    />
                    <Select
                      aria-label={`Luna pentru ${item.file.name}`}
                      options={periodOptions}
                      value={targetOf(item).period}
                      onChange={(v) => upload.retarget(item.key, { ...targetOf(item), period: String(v) })}
                      disabled={upload.running}
                    />
                  </div>
                ) : null}
                {item.error ? <p className="field-error">{item.error}</p> : null}
                {item.status !== 'rejected' ? <ProgressBar value={item.progress} label={item.file.name} /> : null}
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
                {/* Nothing left to send (all uploaded or refused): no "Încarcă 0 fișiere" button. */}
                {sendable.length > 0 ? (
                  <button type="button" className="btn btn-primary" onClick={() => void startUpload()}>
                    {`Încarcă ${countOf(sendable.length, 'fișier', 'fișiere')}`}
                  </button>
                ) : null}
                <button type="button" className="btn btn-ghost" onClick={upload.clear}>
                  Golește lista
                </button>
              </>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
