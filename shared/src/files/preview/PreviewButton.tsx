import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../ui/Spinner';

// The dialog (and pdf.js behind it) loads on the first preview, never with the documents page.
const PreviewDialog = lazy(() => import(/* webpackChunkName: "preview" */ './PreviewDialog'));

export interface PreviewButtonProps {
  /** The document's file call (POST). */
  url: string;
  name: string;
  mime: string | null | undefined;
  size?: number;
  onDownload: () => void;
}

/** „Previzualizează” on a document row, and the preview dialog it opens. */
export function PreviewButton({ url, name, mime, size, onDownload }: PreviewButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={`Previzualizează ${name}`}
        onClick={() => setOpen(true)}
      >
        Previzualizează
      </button>
      {open ? (
        <Suspense fallback={<Spinner label="Se deschide previzualizarea…" block={false} />}>
          <PreviewDialog
            url={url}
            name={name}
            mime={mime}
            size={size}
            onDownload={onDownload}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
