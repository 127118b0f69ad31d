import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ProgressBar, countOf, errorMessage, formatBytes } from '@dosar/shared';
import { uploadToItem, type LinkItem } from './api/upload-link';
import { PhotoError, photosToPdf } from './photos-to-pdf';

type Busy = { step: 'converting' | 'uploading'; fraction: number } | null;

const FILE_TYPES = 'application/pdf,image/*';

/** The PDF's name: the item's and the day's, without characters a file name can't hold. */
function pdfName(item: LinkItem, now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${item.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Fotografii'} ${day}.pdf`;
}

function Photo({
  file,
  index,
  onRemove,
  disabled,
}: {
  file: File;
  index: number;
  onRemove: () => void;
  disabled: boolean;
}) {
  const address = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(address), [address]);
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <img
        src={address}
        alt={`Fotografia ${index + 1}`}
        width={56}
        height={56}
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
      <span className="muted" style={{ flex: '1 1 auto', minWidth: 0 }}>
        Fotografia {index + 1} · {formatBytes(file.size)}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Elimină fotografia ${index + 1}`}
      >
        Elimină
      </button>
    </li>
  );
}

/**
 * One open item: „Încarcă fișiere” (PDF or images, sent as they are) and, on a phone, „Fotografiază”:
 * the photos gather in a list (each can be removed), then go as ONE PDF made in the browser.
 */
export function LinkItemCard({
  token,
  item,
  onSent,
}: {
  token: string;
  item: LinkItem;
  onSent: (message: string) => void;
}) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const send = async (files: File[]) => {
    setError(null);
    setBusy({ step: 'uploading', fraction: 0 });
    try {
      const answer = await uploadToItem(token, item.id, files, (fraction) => setBusy({ step: 'uploading', fraction }));
      setPhotos([]);
      onSent(answer.message);
    } catch (failure) {
      setError(errorMessage(failure, 'Fișierele nu au putut fi trimise. Verifică conexiunea și încearcă din nou.'));
    } finally {
      setBusy(null);
    }
  };

  const sendPhotos = async () => {
    setError(null);
    setBusy({ step: 'converting', fraction: 0 });
    let pdf: Blob;
    try {
      pdf = await photosToPdf(photos, (done, total) => setBusy({ step: 'converting', fraction: done / total }));
    } catch (failure) {
      setBusy(null);
      setError(
        failure instanceof PhotoError
          ? failure.message
          : 'Fotografiile nu au putut fi unite într-un PDF. Încearcă din nou.',
      );
      return;
    }
    await send([new File([pdf], pdfName(item), { type: 'application/pdf' })]);
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => Array.from(event.target.files ?? []);
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = picked(event);
    event.target.value = '';
    if (files.length) void send(files);
  };
  const onCamera = (event: ChangeEvent<HTMLInputElement>) => {
    const images = picked(event).filter((f) => f.type.startsWith('image/') || f.type === '');
    event.target.value = '';
    if (images.length) setPhotos((list) => [...list, ...images]);
  };

  const headingId = `link-item-${item.id}`;
  const running = busy !== null;
  return (
    <li className={`month-item month-item-${item.status}`} aria-labelledby={headingId}>
      <div className="month-item-head" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'baseline' }}>
        <h3 id={headingId} className="month-item-name" style={{ margin: 0, fontSize: '1rem' }}>
          {item.name}
        </h3>
        <span className={item.status === 'rejected' ? 'badge badge-danger' : 'badge badge-warning'}>
          {item.status === 'rejected' ? 'Respins' : 'Lipsește'}
        </span>
      </div>
      {item.details ? (
        <p className="muted" style={{ margin: '4px 0' }}>
          {item.details}
        </p>
      ) : null}
      {item.status === 'rejected' && item.reason ? (
        <p className="month-reason">Motivul respingerii: {item.reason}</p>
      ) : null}
      <div className="month-item-actions" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
        <button type="button" className="btn btn-primary" onClick={() => filesRef.current?.click()} disabled={running}>
          Încarcă fișiere
        </button>
        <button
          type="button"
          className="btn upload-camera"
          onClick={() => cameraRef.current?.click()}
          disabled={running}
        >
          Fotografiază
        </button>
        <input
          ref={filesRef}
          type="file"
          multiple
          accept={FILE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Fișiere pentru ${item.name}`}
          onChange={onFiles}
        />
        <input
          ref={cameraRef}
          type="file"
          multiple
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label={`Fotografii pentru ${item.name}`}
          onChange={onCamera}
        />
      </div>
      {photos.length > 0 ? (
        <div style={{ marginTop: 8 }}>
          <ul
            aria-label={`Fotografii pentru ${item.name}`}
            style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}
          >
            {photos.map((photo, index) => (
              <Photo
                key={`${photo.name}-${photo.lastModified}-${index}`}
                file={photo}
                index={index}
                disabled={running}
                onRemove={() => setPhotos((list) => list.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
          <p className="muted" style={{ margin: '6px 0' }}>
            Poți face încă o fotografie pentru pagina următoare. Se trimit împreună, ca un singur PDF.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void sendPhotos()} disabled={running}>
            Trimite {countOf(photos.length, 'fotografie', 'fotografii')} ca PDF
          </button>
        </div>
      ) : null}
      {busy ? (
        <ProgressBar
          value={busy.fraction}
          label={busy.step === 'converting' ? 'Se pregătește PDF-ul…' : 'Se trimite…'}
        />
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
