import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatBytes } from '../../lib/format';
import { ImagePreview } from './ImagePreview';
import { PdfPreview } from './PdfPreview';
import { InvoicePreview } from '../../invoices/InvoicePreview';
import { isXml, previewKind } from './preview-kind';
import { TextPreview } from './TextPreview';
import './preview.css';

export interface PreviewDialogProps {
  /** The file call, e.g. `/api/company/1/clients/7/media/101` (POSTed with the session's token). */
  url: string;
  name: string;
  mime: string | null | undefined;
  size?: number;
  onDownload: () => void;
  onClose: () => void;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A document shown in the page: PDF (pdf.js), raster images, text, XML and CSV — an e-Factura's XML as a
 * readable, printable invoice (invoices/InvoiceView.tsx), never its markup; other types say they
 * cannot be shown and offer the download. Full screen on a phone. Escape closes, Tab stays inside,
 * focus returns to the row's button on close.
 */
export default function PreviewDialog({ url, name, mime, size, onDownload, onClose }: PreviewDialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const kind = previewKind(mime, name);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    boxRef.current?.querySelector<HTMLElement>('.preview-close')?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !boxRef.current) return;
    const items = [...boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop preview-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="card preview-dialog"
        onKeyDown={onKeyDown}
      >
        <header className="preview-header">
          <h2 id={titleId} className="preview-title" title={name}>
            {name}
          </h2>
          <div className="preview-actions">
            <button type="button" className="btn btn-ghost" onClick={onDownload}>
              Descarcă
            </button>
            <button
              type="button"
              className="btn btn-ghost preview-close"
              onClick={onClose}
              aria-label="Închide previzualizarea"
            >
              Închide
            </button>
          </div>
        </header>
        <div className="preview-body">
          {kind === 'pdf' ? <PdfPreview url={url} name={name} /> : null}
          {kind === 'image' ? <ImagePreview url={url} name={name} mime={mime ?? ''} /> : null}
          {kind === 'text' && isXml(mime, name) ? (
            <InvoicePreview url={url} fallback={<TextPreview url={url} csv={false} />} />
          ) : null}
          {(kind === 'text' && !isXml(mime, name)) || kind === 'csv' ? (
            <TextPreview url={url} csv={kind === 'csv'} />
          ) : null}
          {kind === 'none' ? (
            <div className="preview-none">
              <p>{`Fișierele de acest tip nu pot fi previzualizate în pagină${size ? ` (${formatBytes(size)})` : ''}. Descarcă-l pentru a-l deschide.`}</p>
              <button type="button" className="btn" onClick={onDownload}>
                Descarcă
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
