import { useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { fetchBytes } from './fetch-bytes';
import { isCancel, previewError } from './preview-errors';

/** A raster image (PNG, JPEG, GIF, WEBP), fetched with the session's token and shown from a blob: URL. */
export function ImagePreview({ url, name, mime }: { url: string; name: string; mime: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchBytes(url, { inline: true, signal: controller.signal }).then(
      ({ data }) => {
        objectUrl = URL.createObjectURL(new Blob([data as BlobPart], { type: mime }));
        setSrc(objectUrl);
      },
      (e: unknown) => {
        if (!isCancel(e)) setError(previewError(e));
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, mime]);
  if (error)
    return (
      <p role="alert" className="preview-error">
        {error}
      </p>
    );
  if (!src) return <PreviewLoading />;
  return (
    <div className="preview-image">
      <img src={src} alt={name} onError={() => setError('Imaginea nu poate fi afișată. Poți descărca fișierul.')} />
    </div>
  );
}

export function PreviewLoading() {
  return <Spinner label="Se încarcă previzualizarea…" />;
}
