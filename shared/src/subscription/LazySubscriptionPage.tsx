import { Suspense, lazy } from 'react';
import { Spinner } from '../ui/Spinner';
import type { SubscriptionPageProps } from './SubscriptionPage';

const Page = lazy(() => import('./SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })));

/**
 * SubscriptionPage, fetched when first rendered: @dosar/shared is on every area's first screen
 * (the public home page too), the subscription screen only on its route.
 */
export function LazySubscriptionPage(props: SubscriptionPageProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Page {...props} />
    </Suspense>
  );
}
