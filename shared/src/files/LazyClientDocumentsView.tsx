import { Suspense, lazy } from 'react';
import { Spinner } from '../ui/Spinner';
import type { ClientDocumentsViewProps } from './ClientDocumentsView';

const View = lazy(() => import('./ClientDocumentsView').then((m) => ({ default: m.ClientDocumentsView })));

/**
 * ClientDocumentsView, fetched when first rendered: @dosar/shared is on every area's first screen
 * (the public home page too), a client's documents only on the client page.
 */
export function LazyClientDocumentsView(props: ClientDocumentsViewProps) {
  return (
    <Suspense fallback={<Spinner label="Se încarcă documentele…" />}>
      <View {...props} />
    </Suspense>
  );
}
