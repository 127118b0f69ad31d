import { SubscriptionPage as SharedSubscriptionPage, type ClientLimitWords } from '@dosar/shared';
import { useHoldingId } from '../../../lib/use-holding-id';

/** A holding's plan limits the number of its firms. */
const FIRMS: ClientLimitWords = { label: 'Firme', plural: 'firme', unlimited: 'Firme nelimitate' };

/** /client/subscription (role 4): the holding's current plan, usage against each limit, change plan, pay, payment history. */
export function SubscriptionPage() {
  const holdingId = useHoldingId() ?? 0;
  return <SharedSubscriptionPage tenant={{ kind: 'holding', id: holdingId }} clients={FIRMS} />;
}
