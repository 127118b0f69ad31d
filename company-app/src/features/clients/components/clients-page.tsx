import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ActionsHeader,
  DataTable,
  EmptyState,
  ListStates,
  PageHeader,
  Pagination,
  SearchField,
  Select,
  SortHeader,
  countOf,
  formatDate,
  toast,
  useCurrentUser,
  useListState,
  type SortState,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { useHoldingOptions } from '../../../lib/api/list-holdings';
import { paths } from '../../../paths';
import { restoreClient } from '../api/client-record';
import { useClients, type ClientListItem, type ClientSort } from '../api/list-clients';

const PER_PAGE = 20;
const ALL_HOLDINGS = '';
/** The server reads holding_id 0 as "clients outside any holding". */
const NO_HOLDING = '0';

const LIVE = 'live';
const ARCHIVED = 'archived';

/**
 * Company dashboard: the client list, searched, filtered, sorted and paged on the server. The owner
 * also sees the archived clients (filter „Arhivați”) and brings one back with „Restaurează”.
 */
export function ClientsPage() {
  const companyId = useCompanyId();
  const user = useCurrentUser();
  const { search, setSearch, term, page, setPage, firstPage, sort, setSort } = useListState<ClientSort>({
    sort: 'name',
    direction: 'asc',
  });
  const [holdingId, setHoldingId] = useState(ALL_HOLDINGS);
  const [state, setState] = useState(LIVE);
  // POST holdings is role 2 only: staff (role 3) get no holding filter rather than a 403 toast.
  const owner = user?.role === 2;
  const archived = owner && state === ARCHIVED;
  const holdings = useHoldingOptions(companyId, owner);
  const clients = useClients(companyId, {
    page,
    per_page: PER_PAGE,
    search: term,
    ...sort,
    holding_id: holdingId === ALL_HOLDINGS ? undefined : Number(holdingId),
    archived,
  });
  const [restoring, setRestoring] = useState<number | null>(null);

  const restore = async (client: ClientListItem) => {
    setRestoring(client.id);
    try {
      const answer = await restoreClient(companyId, client.id);
      void toast.success(answer.message || 'Clientul a fost restaurat.');
      clients.reload();
    } catch {
      /* the shared client already showed the refusal (plan limit, CUI taken) */
    } finally {
      setRestoring(null);
    }
  };

  const filtered = term !== '' || holdingId !== ALL_HOLDINGS;
  const holdingFilterOptions = [
    { value: ALL_HOLDINGS, label: 'Toate holdingurile' },
    { value: NO_HOLDING, label: 'Fără holding' },
    ...holdings.options,
  ];

  return (
    <div className="page">
      <PageHeader title="Clienți">
        {owner && (
          <Link className="btn btn-primary" to={paths.newClient}>
            Client nou
          </Link>
        )}
      </PageHeader>

      <SearchField
        id="client-search"
        label="Caută după nume sau CUI"
        placeholder="ex. Alfa sau RO12345678"
        value={search}
        onChange={setSearch}
      >
        {owner ? (
          <div className="field">
            <label htmlFor="client-holding-filter">Holding</label>
            <Select
              inputId="client-holding-filter"
              aria-label="Filtrează după holding"
              options={holdingFilterOptions}
              value={holdingId}
              placeholder="Toate holdingurile"
              onChange={(value) => {
                setHoldingId(value == null ? ALL_HOLDINGS : String(value));
                firstPage();
              }}
            />
          </div>
        ) : null}
        {owner ? (
          <div className="field">
            <label htmlFor="client-state-filter">Stare</label>
            <Select
              inputId="client-state-filter"
              aria-label="Clienți activi sau arhivați"
              options={[
                { value: LIVE, label: 'Activi' },
                { value: ARCHIVED, label: 'Arhivați' },
              ]}
              value={state}
              onChange={(value) => {
                setState(value === ARCHIVED ? ARCHIVED : LIVE);
                firstPage();
              }}
            />
          </div>
        ) : null}
      </SearchField>

      {archived ? (
        <ArchivedTable state={clients} filtered={filtered} restoring={restoring} onRestore={(c) => void restore(c)} />
      ) : (
        <ClientsTable state={clients} filtered={filtered} sort={sort} onSort={setSort} />
      )}

      {clients.data && clients.data.meta.total > clients.data.meta.per_page && (
        <Pagination
          page={clients.data.meta.page}
          perPage={clients.data.meta.per_page}
          total={clients.data.meta.total}
          onPage={setPage}
        />
      )}
    </div>
  );
}

interface ClientsTableProps {
  state: ReturnType<typeof useClients>;
  filtered: boolean;
  sort: SortState<ClientSort>;
  onSort: (next: SortState<ClientSort>) => void;
}

function ClientsTable({ state, filtered, sort, onSort }: ClientsTableProps) {
  return (
    <ListStates
      list={state}
      errorText="Lista de clienți nu a putut fi încărcată."
      serverError
      empty={
        filtered ? (
          <EmptyState title="Niciun client nu corespunde căutării.">
            Încearcă alt nume, alt CUI sau alt holding.
          </EmptyState>
        ) : (
          <EmptyState title="Nu ai încă niciun client.">Clienții adăugați vor apărea aici.</EmptyState>
        )
      }
    >
      {(rows, data) => (
        <DataTable
          className="card table-wrap"
          busy={state.loading}
          caption={countOf(data.meta.total, 'client', 'clienți')}
          captionClassName="muted"
          head={
            <>
              <SortHeader label="Nume" column="name" state={sort} onSort={onSort} />
              <th scope="col">CUI</th>
              <th scope="col">Holding</th>
              <th scope="col">Documente</th>
              <SortHeader label="Ultima încărcare" column="last_upload" state={sort} onSort={onSort} />
              <ActionsHeader />
            </>
          }
        >
          {rows.map((client) => (
            <tr key={client.id}>
              <td>
                <Link to={paths.client(client.id)}>{client.name}</Link>
              </td>
              <td>{client.cui ?? '—'}</td>
              <td>{client.holding?.name ?? <span className="muted">—</span>}</td>
              <td>{client.documents_count}</td>
              <td>{formatDate(client.last_upload_at, { time: true })}</td>
              <td>
                <Link to={paths.client(client.id)} aria-label={`Deschide ${client.name}`}>
                  Deschide
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListStates>
  );
}

interface ArchivedTableProps {
  state: ReturnType<typeof useClients>;
  filtered: boolean;
  restoring: number | null;
  onRestore: (client: ClientListItem) => void;
}

/** The archived clients: no link (their page is closed while archived), „Restaurează” brings one back. */
function ArchivedTable({ state, filtered, restoring, onRestore }: ArchivedTableProps) {
  return (
    <ListStates
      list={state}
      errorText="Lista de clienți arhivați nu a putut fi încărcată."
      serverError
      empty={
        <EmptyState title={filtered ? 'Niciun client arhivat nu corespunde căutării.' : 'Nu ai clienți arhivați.'}>
          Clienții arhivați din pagina lor apar aici și pot fi restaurați.
        </EmptyState>
      }
    >
      {(rows, data) => (
        <DataTable
          className="card table-wrap"
          busy={state.loading}
          caption={`Arhivați: ${data.meta.total}`}
          captionClassName="muted"
          head={
            <>
              <th scope="col">Nume</th>
              <th scope="col">CUI</th>
              <th scope="col">Holding</th>
              <th scope="col">Documente</th>
              <th scope="col">Arhivat la</th>
              <ActionsHeader />
            </>
          }
        >
          {rows.map((client) => (
            <tr key={client.id}>
              <td>{client.name}</td>
              <td>{client.cui ?? '—'}</td>
              <td>{client.holding?.name ?? <span className="muted">—</span>}</td>
              <td>{client.documents_count}</td>
              <td>{formatDate(client.archived_at ?? null, { time: true })}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Restaurează ${client.name}`}
                  disabled={restoring === client.id}
                  onClick={() => onRestore(client)}
                >
                  Restaurează
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListStates>
  );
}
