/**
 * Loads pdf.js on first use (its own chunk, never in a start-up bundle) and points it at its worker.
 *
 * The legacy build: it carries polyfills for browsers a firm still uses (the modern build needs the
 * newest Map and Math methods). The worker is emitted by webpack as a file of its own
 * (`new URL(…, import.meta.url)` → an asset beside the chunks, with a content hash) and pdf.js starts
 * it with `new Worker(url, {type: 'module'})`: same origin as the page in every setup Dosar ships, so
 * the page's CSP (script-src 'self') allows it; should it fail, pdf.js runs the same code on the page.
 */
export type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist/legacy/build/pdf.min.mjs').then(
    (pdfjs: PdfJs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).href;
      return pdfjs;
    },
    (error: unknown) => {
      loading = null; // a chunk that failed to load is fetched again next time
      throw error;
    },
  );
  return loading;
}
