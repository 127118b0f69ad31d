import { Link } from 'react-router-dom';
import { ListTable, PageHeader, formatDate, useListSearch } from '@dosar/shared';
import { paths } from '../../../paths';
import { SUBSCRIPTION_STATUS } from '../../../lib/labels';
import { StatusBadge } from '../../../components/status-badge';
import { ToolbarSearch } from '../../../components/toolbar-search';
import { useHoldings } from '../api/list-holdings';

const PER_PAGE = 20;

/** /admin/holdings: every holding (group of client firms), searched and paged on the server. */
export function HoldingsPage() {
  const { search, setSearch, term, page, setPage } = useListSearch();
  const holdings = useHoldings({ page, per_page: PER_PAGE, search: term });

  return (
    <div className="page">
      <PageHeader title="Holdinguri" />
      <div className="toolbar">
        <ToolbarSearch
          id="holdings-search"
          label="Caută holdinguri"
          placeholder="Caută după nume, CUI sau e-mail"
          value={search}
          onChange={setSearch}
        />
      </div>
      <div className="card">
        <ListTable
          list={holdings}
          caption="Holdinguri"
          errorText="Lista holdingurilor nu a putut fi încărcată."
          empty={term ? 'Niciun holding nu corespunde căutării' : 'Nu există încă niciun holding'}
          head={
            <>
              <th scope="col">Holding</th>
              <th scope="col">CUI</th>
              <th scope="col">Companii</th>
              <th scope="col">Clienți</th>
              <th scope="col">Utilizatori</th>
              <th scope="col">Plan</th>
              <th scope="col">Creat</th>
            </>
          }
          onPage={setPage}
          row={(h) => (
            <tr key={h.id}>
              <td>
                <Link to={paths.holding(h.id)}>{h.name}</Link>
                {h.email ? <div className="muted">{h.email}</div> : null}
              </td>
              <td>{h.cui ?? '—'}</td>
              <td>{h.companies_count}</td>
              <td>{h.clients_count}</td>
              <td>{h.users_count}</td>
              <td>
                {h.plan_name ?? '—'} <StatusBadge status={h.subscription_status} labels={SUBSCRIPTION_STATUS} />
              </td>
              <td>{formatDate(h.created_at)}</td>
            </tr>
          )}
        />
      </div>
    </div>
  );
}
