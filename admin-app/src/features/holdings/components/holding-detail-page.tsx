import { Link, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, PageHeader, Spinner, errorStatus, formatDate } from '@dosar/shared';
import { paths } from '../../../paths';
import { COMPANY_STATUS } from '../../../lib/labels';
import { Facts } from '../../../components/facts';
import { StatusBadge } from '../../../components/status-badge';
import { PaymentsTable, PeopleTable, SubscriptionCard } from '../../../components/tenant-billing';
import { useHolding } from '../api/get-holding';

/** /admin/holdings/:id: one holding with its linked companies, users, plan and payments. */
export function HoldingDetailPage() {
  const id = Number(useParams().id);
  const { data, error, loading, reload } = useHolding(id);

  if (loading && !data) return <Spinner />;
  if (error || !data) {
    return (
      <div className="page">
        <ErrorState
          message={errorStatus(error) === 404 ? 'Holdingul nu există.' : 'Holdingul nu a putut fi încărcat.'}
          onRetry={reload}
        />
        <Link to={paths.holdings}>Înapoi la holdinguri</Link>
      </div>
    );
  }
  const { holding } = data;
  return (
    <div className="page">
      <p>
        <Link to={paths.holdings}>← Holdinguri</Link>
      </p>
      <PageHeader title={holding.name} />
      <section className="card" aria-label="Date holding">
        <h2>Date holding</h2>
        <Facts
          items={[
            ['CUI', holding.cui ?? '—'],
            ['E-mail', holding.email ?? '—'],
            ['Creat la', formatDate(holding.created_at)],
          ]}
        />
      </section>
      <section className="card" aria-label="Companii legate">
        <h2>Companii legate</h2>
        {data.companies.length === 0 ? (
          <EmptyState title="Nicio companie legată">
            O firmă de contabilitate apare aici după ce acceptă invitația holdingului.
          </EmptyState>
        ) : (
          <ul>
            {data.companies.map((c) => (
              <li key={c.id}>
                <Link to={paths.company(c.id)}>{c.name}</Link> {c.cui ? <span className="muted">({c.cui})</span> : null}{' '}
                <StatusBadge status={c.status} labels={COMPANY_STATUS} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <SubscriptionCard
        subscription={data.subscription}
        clients={data.clients_count}
        users={data.users.length}
        storageBytes={data.storage_bytes}
      />
      <PeopleTable title="Utilizatori" people={data.users} />
      <PaymentsTable payments={data.payments} />
    </div>
  );
}
