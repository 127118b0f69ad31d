import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { fetchBytes } from './fetch-bytes';
import { PreviewLoading } from './ImagePreview';
import { loadPdfJs } from './load-pdfjs';
import { isCancel, previewError } from './preview-errors';

/** pdf.js asks for the file in chunks of this size; the first one comes with the document's size. */
export const PDF_CHUNK = 64 * 1024;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * Opens a PDF with pdf.js over Range requests made by the session's HTTP client (the file call is a
 * POST with the bearer token, so pdf.js's own fetch cannot make it): the first 64 KB, then only the
 * chunks the page shown needs (`disableAutoFetch`), so the first page of a 50 MB PDF comes after a
 * few hundred KB. A server that answers the whole file (200) is read once and handed over whole. Every
 * request says `?inline=1`, so the history records a preview, not a download.
 */
async function openPdf(url: string, signal: AbortSignal, onFailure: (error: unknown) => void) {
  const pdfjs = await loadPdfJs();
  const first = await fetchBytes(url, { range: [0, PDF_CHUNK - 1], inline: true, signal });
  const common = { useWasm: false, stopAtErrors: false } as Record<string, unknown>;
  if (first.data.length >= first.total) return pdfjs.getDocument({ ...common, data: first.data });
  const transport = new pdfjs.PDFDataRangeTransport(first.total, first.data);
  transport.requestDataRange = (begin: number, end: number) => {
    fetchBytes(url, { range: [begin, end - 1], inline: true, signal }).then(
      ({ data }) => transport.onDataRange(begin, data),
      (error: unknown) => {
        if (!isCancel(error)) onFailure(error);
      },
    );
  };
  return pdfjs.getDocument({
    ...common,
    range: transport,
    rangeChunkSize: PDF_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
  });
}

export function PdfPreview({ url, name }: { url: string; name: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2); // index in ZOOMS: 100 % = the page's width fits the dialog
  const [rendering, setRendering] = useState(true);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let destroy: (() => unknown) | null = null;
    const fail = (e: unknown) => {
      if (!controller.signal.aborted && !isCancel(e)) setError(previewError(e));
    };
    openPdf(url, controller.signal, fail).then((task) => {
      destroy = () => task.destroy();
      if (controller.signal.aborted) return destroy();
      task.promise.then((d) => {
        if (!controller.signal.aborted) setDoc(d);
      }, fail);
    }, fail);
    return () => {
      controller.abort();
      void destroy?.();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvasRef.current) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    setRendering(true);
    doc.getPage(page).then(
      (p) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const natural = p.getViewport({ scale: 1 });
        const room = Math.max(200, (boxRef.current?.clientWidth ?? natural.width) - 16);
        const scale = (room / natural.width) * ZOOMS[zoom];
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = p.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = p.render({ canvas, viewport });
        task.promise.then(
          () => !cancelled && setRendering(false),
          (e: unknown) => {
            if (!cancelled && !isCancel(e)) setError(previewError(e));
          },
        );
      },
      (e: unknown) => !cancelled && setError(previewError(e)),
    );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  if (error)
    return (
      <p role="alert" className="preview-error">
        {error}
      </p>
    );
  const pages = doc?.numPages ?? 0;
  return (
    <div className="preview-pdf">
      {doc ? (
        <div className="preview-toolbar" role="toolbar" aria-label="Navigare în PDF">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            aria-label="Pagina anterioară"
          >
            ‹
          </button>
          <span aria-live="polite">{`Pagina ${page} din ${pages}`}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            aria-label="Pagina următoare"
          >
            ›
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={zoom <= 0}
            onClick={() => setZoom(zoom - 1)}
            aria-label="Micșorează"
          >
            −
          </button>
          <span>{`${Math.round(ZOOMS[zoom] * 100)} %`}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={zoom >= ZOOMS.length - 1}
            onClick={() => setZoom(zoom + 1)}
            aria-label="Mărește"
          >
            +
          </button>
        </div>
      ) : null}
      {!doc || rendering ? <PreviewLoading /> : null}
      <div className="preview-canvas" ref={boxRef}>
        <canvas ref={canvasRef} aria-label={doc ? `${name}, pagina ${page}` : undefined} role="img" hidden={!doc} />
      </div>
    </div>
  );
}
