import { useRef, type ChangeEvent } from 'react';
import { ProgressBar, countOf, toast, type ChecklistItem } from '@dosar/shared';
import { useItemUpload, type ItemFileStatus } from '../lib/use-item-upload';

const STATUS_TEXT: Record<ItemFileStatus, string> = {
  queued: 'În așteptare',
  uploading: 'Se încarcă',
  done: 'Încărcat',
  error: 'Eroare',
  cancelled: 'Anulat',
};

export interface ItemUploadProps {
  /** /api/holding/{holdingId}/clients/{clientId} */
  clientUrl: string;
  item: ChecklistItem;
  /** The item's month (YYYY-MM). */
  period: string;
  /** Called once at least one file was saved (the caller reads the month again). */
  onUploaded: () => void;
}

/**
 * „Încarcă” for one checklist item: pick one or more files (or, on a phone, „Fotografiază” with
 * the camera, docs/PRODUCT.md "Documents"); they go at once into the item, each with its progress.
 */
export function ItemUpload({ clientUrl, item, period, onUploaded }: ItemUploadProps) {
  const upload = useItemUpload(clientUrl, item.id, period);
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const onPicked = async (picked: File[]) => {
    if (picked.length === 0 || upload.running) return;
    const saved = await upload.send(picked);
    if (saved > 0) {
      void toast.success(
        saved === 1
          ? `Un fișier a fost încărcat pentru „${item.name}”.`
          : `${countOf(saved, 'fișier', 'fișiere')} au fost încărcate pentru „${item.name}”.`,
      );
      upload.clearDone();
      onUploaded();
    }
  };

  const inputProps = (label: string) => ({
    type: 'file' as const,
    className: 'sr-only',
    tabIndex: -1,
    'aria-label': label,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const picked = Array.from(e.target.files ?? []);
      e.target.value = '';
      void onPicked(picked);
    },
  });

  return (
    <div className="month-upload">
      <div className="month-item-actions">
        <button
          type="button"
          className="btn btn-primary"
          aria-label={`Încarcă pentru ${item.name}`}
          onClick={() => inputRef.current?.click()}
          disabled={upload.running}
        >
          Încarcă
        </button>
        {/* On a phone: the camera straight away (shown only where the pointer is a finger). */}
        <button
          type="button"
          className="btn upload-camera"
          aria-label={`Fotografiază pentru ${item.name}`}
          onClick={() => cameraRef.current?.click()}
          disabled={upload.running}
        >
          Fotografiază
        </button>
        {upload.running ? (
          <button type="button" className="btn btn-danger" onClick={upload.cancel}>
            Anulează încărcarea
          </button>
        ) : null}
        <input ref={inputRef} multiple {...inputProps(`Fișiere pentru ${item.name}`)} />
        <input
          ref={cameraRef}
          accept="image/*"
          capture="environment"
          {...inputProps(`Fotografie pentru ${item.name}`)}
        />
      </div>
      {upload.files.length > 0 ? (
        <ul className="upload-list month-upload-list" aria-label={`Fișiere trimise pentru ${item.name}`}>
          {upload.files.map((file) => (
            <li key={file.key} className="upload-item">
              <div className="upload-item-head">
                <span>{file.name}</span>{' '}
                <span className={file.status === 'error' ? 'badge badge-danger' : 'badge'}>
                  {STATUS_TEXT[file.status]}
                </span>
              </div>
              {file.error ? <p className="field-error">{file.error}</p> : null}
              {file.status === 'error' ? null : <ProgressBar value={file.progress} label={file.name} />}
            </li>
          ))}
        </ul>
      ) : null}
      {upload.files.length > 0 && !upload.running ? (
        <button type="button" className="btn btn-ghost" onClick={upload.clear}>
          Golește lista
        </button>
      ) : null}
    </div>
  );
}
