import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListTable, PageHeader, Select, formatDate, useListSearch } from '@dosar/shared';
import { paths } from '../../../paths';
import { COMPANY_STATUS, SUBSCRIPTION_STATUS } from '../../../lib/labels';
import { StatusBadge } from '../../../components/status-badge';
import { ToolbarSearch } from '../../../components/toolbar-search';
import { useCompanies, type CompaniesQuery } from '../api/list-companies';
import { CreateCompanyDialog } from './create-company-dialog';

const STATUS_OPTIONS = [
  { value: '', label: 'Toate stările' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspendate' },
];

const SORT_OPTIONS = [
  { value: 'name', label: 'După nume' },
  { value: 'created_at', label: 'Cele mai noi' },
  { value: 'clients_count', label: 'După numărul de clienți' },
];

const PER_PAGE = 20;

/** /admin/companies: every accounting company on the platform, searched and paged on the server. */
export function CompaniesPage() {
  const { search, setSearch, term, page, setPage, firstPage } = useListSearch();
  const [status, setStatus] = useState<CompaniesQuery['status']>('');
  const [sort, setSort] = useState('name');
  const [creating, setCreating] = useState(false);
  const companies = useCompanies({ page, per_page: PER_PAGE, search: term, status, sort });

  return (
    <div className="page">
      <PageHeader title="Companii">
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          Companie nouă
        </button>
      </PageHeader>

      <div className="toolbar">
        <ToolbarSearch
          id="companies-search"
          label="Caută companii"
          placeholder="Caută după nume, CUI sau e-mail"
          value={search}
          onChange={setSearch}
        />
        <Select
          aria-label="Stare"
          inputId="companies-status"
          options={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(value) => {
            setStatus((value ?? '') as CompaniesQuery['status']);
            firstPage();
          }}
        />
        <Select
          aria-label="Ordonare"
          inputId="companies-sort"
          options={SORT_OPTIONS}
          value={sort}
          onChange={(value) => setSort(String(value ?? 'name'))}
        />
      </div>

      <div className="card">
        <ListTable
          list={companies}
          caption="Companii"
          errorText="Lista companiilor nu a putut fi încărcată."
          empty={term || status ? 'Nicio companie nu corespunde căutării' : 'Nu există încă nicio companie'}
          head={
            <>
              <th scope="col">Companie</th>
              <th scope="col">CUI</th>
              <th scope="col">Plan</th>
              <th scope="col">Clienți</th>
              <th scope="col">Utilizatori</th>
              <th scope="col">Stare</th>
              <th scope="col">Creată</th>
            </>
          }
          onPage={setPage}
          row={(c) => (
            <tr key={c.id}>
              <td>
                <Link to={paths.company(c.id)}>{c.name}</Link>
                {c.email ? <div className="muted">{c.email}</div> : null}
              </td>
              <td>{c.cui ?? '—'}</td>
              <td>
                {c.plan_name ?? '—'} <StatusBadge status={c.subscription_status} labels={SUBSCRIPTION_STATUS} />
              </td>
              <td>{c.clients_count}</td>
              <td>{c.users_count}</td>
              <td>
                <StatusBadge status={c.status} labels={COMPANY_STATUS} />
              </td>
              <td>{formatDate(c.created_at)}</td>
            </tr>
          )}
        />
      </div>

      {creating && <CreateCompanyDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
