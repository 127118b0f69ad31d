import { useState } from 'react';
import { EmptyState, ListTable, PageHeader, Select, countOf, formatDate, formatRon, toast } from '@dosar/shared';
import { PAYMENT_STATUS } from '../../../lib/labels';
import { StatusBadge } from '../../../components/status-badge';
import { tenantKey, useTenantOptions } from '../../../lib/api/tenant-options';
import { usePayments, type PaymentFilters, type PaymentStatus, type Totals } from '../api/list-payments';
import { exportPayments } from '../api/export-payments';

const PER_PAGE = 25;

const STATUS_OPTIONS = [
  { value: '', label: 'Toate stările' },
  { value: 'paid', label: 'Plătite' },
  { value: 'pending', label: 'În așteptare' },
  { value: 'failed', label: 'Eșuate' },
];

function TotalsRow({ totals }: { totals: Totals }) {
  const order: PaymentStatus[] = ['paid', 'pending', 'failed'];
  return (
    <div className="grid" aria-label="Totaluri">
      {order.map((status) => (
        <div key={status} className="card" data-testid={`total-${status}`}>
          <div className="muted">{PAYMENT_STATUS[status].label}</div>
          <div style={{ fontSize: '1.4rem', fontWeight: 600 }}>{formatRon(totals[status].amount)}</div>
          <div className="muted">{countOf(totals[status].count, 'plată', 'plăți')}</div>
        </div>
      ))}
    </div>
  );
}

/** /admin/payments: every payment, filtered by status, period and tenant, with totals and a CSV export. */
export function PaymentsPage() {
  const [filters, setFilters] = useState<PaymentFilters>({ status: '', from: '', to: '' });
  const [tenant, setTenant] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const tenants = useTenantOptions();
  const [kind, id] = tenant.split(':');
  const effective: PaymentFilters = {
    ...filters,
    company_id: kind === 'company' ? Number(id) : undefined,
    holding_id: kind === 'holding' ? Number(id) : undefined,
  };
  const payments = usePayments(effective, page, PER_PAGE);
  const { data } = payments;
  const rangeInvalid = Boolean(filters.from && filters.to && filters.from > filters.to);

  const update = (patch: Partial<PaymentFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  async function download() {
    setExporting(true);
    try {
      const name = await exportPayments(effective);
      void toast.success(`Exportul „${name}” a fost descărcat.`);
    } catch {
      // The shared HTTP client already showed the error.
    } finally {
      setExporting(false);
    }
  }

  const tenantOptions = [
    { value: '', label: 'Toți clienții' },
    ...(tenants.data ?? []).map((t) => ({
      value: tenantKey(t),
      label: `${t.name} (${t.kind === 'company' ? 'companie' : 'holding'})`,
    })),
  ];

  return (
    <div className="page">
      <PageHeader title="Plăți">
        <button type="button" className="btn" onClick={download} disabled={exporting || rangeInvalid}>
          {exporting ? 'Se exportă…' : 'Exportă CSV'}
        </button>
      </PageHeader>

      <div className="toolbar" role="group" aria-label="Filtre">
        <Select
          aria-label="Stare"
          inputId="payments-status"
          options={STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(v) => update({ status: (v ?? '') as PaymentStatus | '' })}
        />
        <div className="field">
          <label htmlFor="payments-from">De la</label>
          <input
            id="payments-from"
            type="date"
            value={filters.from}
            onChange={(e) => update({ from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="payments-to">Până la</label>
          <input id="payments-to" type="date" value={filters.to} onChange={(e) => update({ to: e.target.value })} />
        </div>
        <div className="grow">
          <Select
            aria-label="Client (companie sau holding)"
            inputId="payments-tenant"
            placeholder="Toți clienții"
            options={tenantOptions}
            value={tenant}
            onChange={(v) => {
              setTenant(String(v ?? ''));
              setPage(1);
            }}
          />
        </div>
      </div>
      {rangeInvalid && (
        <p className="field-error" role="alert">
          Data de început este după data de sfârșit.
        </p>
      )}

      {data && <TotalsRow totals={data.totals} />}

      <div className="card">
        <ListTable
          list={payments}
          caption="Plăți"
          errorText="Plățile nu au putut fi încărcate."
          empty={<EmptyState title="Nicio plată pentru filtrele alese">Alege alte date sau altă stare.</EmptyState>}
          head={
            <>
              <th scope="col">Nr.</th>
              <th scope="col">Data</th>
              <th scope="col">Client</th>
              <th scope="col">Plan</th>
              <th scope="col">Sumă</th>
              <th scope="col">Stare</th>
              <th scope="col">Plătitor</th>
              <th scope="col">Referință</th>
            </>
          }
          onPage={setPage}
          row={(p) => (
            <tr key={p.id}>
              <td>{p.id}</td>
              <td>{formatDate(p.created_at, { time: true })}</td>
              <td>
                {p.company_name ?? p.holding_name ?? '—'}
                <div className="muted">{p.company_id !== null ? 'companie' : 'holding'}</div>
              </td>
              <td>{p.plan_name}</td>
              <td>{formatRon(p.amount)}</td>
              <td>
                <StatusBadge status={p.status} labels={PAYMENT_STATUS} />
              </td>
              <td>
                {p.user_name ?? '—'}
                {p.user_email ? <div className="muted">{p.user_email}</div> : null}
              </td>
              <td>
                <code>{p.provider_ref ?? '—'}</code>
                <div className="muted">{p.provider}</div>
              </td>
            </tr>
          )}
        />
      </div>
    </div>
  );
}
