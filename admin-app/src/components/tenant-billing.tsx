import { EmptyState, TableScroll, formatBytes, formatDate, formatRon } from '@dosar/shared';
import { PAYMENT_STATUS, ROLE_NAMES, SUBSCRIPTION_STATUS } from '../lib/labels';
import type { PaymentSummary, Person, SubscriptionSummary } from '../lib/billing-types';
import { Facts } from './facts';
import { StatusBadge } from './status-badge';

const limit = (value: number | null, format: (n: number) => string = String): string =>
  value === null ? 'nelimitat' : format(value);

/** Plan, period and usage of a company or holding, as the admin sees it. */
export function SubscriptionCard({
  subscription,
  clients,
  users,
  storageBytes,
}: {
  subscription: SubscriptionSummary | null;
  clients: number;
  users: number;
  storageBytes: number;
}) {
  return (
    <section className="card" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Abonament și utilizare</h2>
      {subscription ? (
        <Facts
          items={[
            [
              'Plan',
              <>
                {subscription.plan.name} ({formatRon(subscription.plan.price_ron)} / lună){' '}
                <StatusBadge status={subscription.status} labels={SUBSCRIPTION_STATUS} />
              </>,
            ],
            [
              subscription.status === 'expired' ? 'A expirat la' : 'Valabil până la',
              formatDate(subscription.current_period_end),
            ],
            ['Clienți', `${clients} din ${limit(subscription.plan.max_clients)}`],
            ['Utilizatori', `${users} din ${limit(subscription.plan.max_users)}`],
            [
              'Spațiu folosit',
              `${formatBytes(storageBytes)} din ${limit(subscription.plan.max_storage_bytes, formatBytes)}`,
            ],
          ]}
        />
      ) : (
        <p className="muted">
          Fără abonament încă (se creează perioada de probă la prima folosire). Clienți: {clients}, spațiu folosit:{' '}
          {formatBytes(storageBytes)}.
        </p>
      )}
    </section>
  );
}

export function PeopleTable({ title, people }: { title: string; people: Person[] }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {people.length === 0 ? (
        <EmptyState title="Niciun utilizator">Utilizatorii apar aici după ce primesc acces.</EmptyState>
      ) : (
        <TableScroll label={`${title}: ${people.length}`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Nume</th>
                <th scope="col">E-mail</th>
                <th scope="col">Rol</th>
                <th scope="col">Ultima autentificare</th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td className="cell-long">{p.email}</td>
                  <td>{ROLE_NAMES[p.role] ?? p.role}</td>
                  <td>{p.last_seen_at ? formatDate(p.last_seen_at, { time: true }) : 'niciodată'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export function PaymentsTable({ payments }: { payments: PaymentSummary[] }) {
  return (
    <section className="card" aria-label="Plăți">
      <h2>Plăți</h2>
      {payments.length === 0 ? (
        <EmptyState title="Nicio plată încă">Plățile apar aici după ce este ales un plan plătit.</EmptyState>
      ) : (
        <TableScroll label={`Plăți: ${payments.length}`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Data</th>
                <th scope="col">Plan</th>
                <th scope="col">Sumă</th>
                <th scope="col">Stare</th>
                <th scope="col">Valabil până la</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>{p.id}</td>
                  <td>{formatDate(p.created_at, { time: true })}</td>
                  <td>{p.plan_name}</td>
                  <td>{formatRon(p.amount)}</td>
                  <td>
                    <StatusBadge status={p.status} labels={PAYMENT_STATUS} />
                  </td>
                  <td>{formatDate(p.period_end)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
