import { useEffect, useState, type ReactNode } from 'react';
import { errorStatus } from '../lib/errors';
import { Spinner } from '../ui/Spinner';
import { isCancel, previewError } from '../files/preview/preview-errors';
import { getInvoice } from './get-invoice';
import { InvoiceView } from './InvoiceView';
import type { Invoice } from './types';

type State =
  { kind: 'loading' } | { kind: 'invoice'; invoice: Invoice } | { kind: 'other' } | { kind: 'error'; message: string };

/**
 * An XML document in the preview: an e-Factura is shown as a readable invoice; any other XML (the
 * server answers 404/422 for it) falls back to `fallback`, the file's text.
 */
export function InvoicePreview({ url, fallback }: { url: string; fallback: ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getInvoice(url, controller.signal).then(
      (invoice) => setState({ kind: 'invoice', invoice }),
      (e: unknown) => {
        if (isCancel(e)) return;
        const status = errorStatus(e);
        if (status === 404 || status === 422 || status === 415) setState({ kind: 'other' });
        else setState({ kind: 'error', message: previewError(e) });
      },
    );
    return () => controller.abort();
  }, [url]);
  if (state.kind === 'loading') return <Spinner label="Se citește factura…" />;
  if (state.kind === 'invoice') return <InvoiceView invoice={state.invoice} />;
  if (state.kind === 'error')
    return (
      <p role="alert" className="preview-error">
        {state.message}
      </p>
    );
  return <>{fallback}</>;
}
