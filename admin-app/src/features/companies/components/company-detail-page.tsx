import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, Spinner, confirmDialog, errorStatus, formatDate, toast } from '@dosar/shared';
import { paths } from '../../../paths';
import { COMPANY_STATUS } from '../../../lib/labels';
import { Facts } from '../../../components/facts';
import { StatusBadge } from '../../../components/status-badge';
import { PaymentsTable, PeopleTable, SubscriptionCard } from '../../../components/tenant-billing';
import { useCompany } from '../api/get-company';
import { reactivateCompany, suspendCompany } from '../api/set-company-status';

/** /admin/companies/:id: one company with its users, usage, plan and payments; suspend or reactivate it. */
export function CompanyDetailPage() {
  const id = Number(useParams().id);
  const { data, error, loading, reload, setData } = useCompany(id);
  const [busy, setBusy] = useState(false);

  if (loading && !data) return <Spinner />;
  if (error || !data) {
    return (
      <div className="page">
        <ErrorState
          message={errorStatus(error) === 404 ? 'Compania nu există.' : 'Compania nu a putut fi încărcată.'}
          onRetry={reload}
        />
        <Link to={paths.companies}>Înapoi la companii</Link>
      </div>
    );
  }

  const { company } = data;
  const suspended = company.status === 'suspended';

  async function toggle() {
    const confirmed = await confirmDialog(
      suspended
        ? {
            title: `Reactivezi compania „${company.name}”?`,
            text: 'Utilizatorii ei se vor putea autentifica din nou.',
            confirmButtonText: 'Reactivează',
            icon: 'question',
          }
        : {
            title: `Suspenzi compania „${company.name}”?`,
            text: 'Utilizatorii ei nu se vor mai putea autentifica, iar sesiunile deschise se închid. Nu se șterge nimic; poți reactiva oricând.',
            confirmButtonText: 'Suspendă',
            danger: true,
          },
    );
    if (!confirmed) return;
    setBusy(true);
    try {
      const updated = suspended ? await reactivateCompany(id) : await suspendCompany(id);
      setData(updated);
      void toast.success(suspended ? 'Compania a fost reactivată.' : 'Compania a fost suspendată.');
    } catch {
      // The shared HTTP client already showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <p>
        <Link to={paths.companies}>← Companii</Link>
      </p>
      <div className="page-header">
        <h1>
          {company.name} <StatusBadge status={company.status} labels={COMPANY_STATUS} />
        </h1>
        <button
          type="button"
          className={suspended ? 'btn btn-primary' : 'btn btn-danger'}
          onClick={toggle}
          disabled={busy}
        >
          {suspended ? 'Reactivează compania' : 'Suspendă compania'}
        </button>
      </div>
      {suspended && (
        <p className="card" role="status">
          Compania este suspendată: utilizatorii ei nu se pot autentifica. Datele sunt păstrate integral.
        </p>
      )}

      <section className="card" aria-label="Date companie">
        <h2>Date companie</h2>
        <Facts
          items={[
            ['CUI', company.cui ?? '—'],
            ['Nr. registrul comerțului', company.reg_no ?? '—'],
            ['E-mail', company.email ?? '—'],
            ['Telefon', company.phone ?? '—'],
            ['Adresă', company.address ?? '—'],
            ['Creată la', formatDate(company.created_at)],
            [
              'Holdinguri',
              data.holdings.length
                ? data.holdings.map((h, i) => (
                    <span key={h.id}>
                      {i > 0 && ', '}
                      <Link to={paths.holding(h.id)}>{h.name}</Link>
                    </span>
                  ))
                : 'niciunul',
            ],
          ]}
        />
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
