import { SubscriptionPage as SharedSubscriptionPage, type ClientLimitWords } from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';

/** A company's plan limits the number of its clients. */
const CLIENTS: ClientLimitWords = { label: 'Clienți', plural: 'clienți', unlimited: 'Clienți nelimitați' };

/** /company/subscription (role 2): current plan, usage against each limit, change plan, pay, payment history. */
export function SubscriptionPage() {
  const companyId = useCompanyId();
  return <SharedSubscriptionPage tenant={{ kind: 'company', id: companyId }} clients={CLIENTS} />;
}
