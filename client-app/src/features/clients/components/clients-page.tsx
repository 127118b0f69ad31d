import { Link } from 'react-router-dom';
import {
  countOf,
  EmptyState,
  ListTable,
  PageHeader,
  SearchField,
  SortHeader,
  Spinner,
  formatDate,
  formatPeriod,
  formatPeriodShort,
  useListState,
} from '@dosar/shared';
import { NoHolding } from '../../../lib/no-holding';
import { useHoldingId } from '../../../lib/use-holding-id';
import { paths } from '../../../paths';
import { useClientList, type ClientSort, type HoldingClient } from '../api/list-clients';

const PER_PAGE = 20;

function NewBadge({ count }: { count: number }) {
  if (count <= 0) return <span className="muted">—</span>;
  return (
    <span
      className="badge badge-success"
      title={`${countOf(count, 'document încărcat', 'documente încărcate')} de la ultima vizită`}
    >
      {countOf(count, 'nou', 'noi')}
    </span>
  );
}

function ClientRow({ client, periods }: { client: HoldingClient; periods: string[] }) {
  const countOf = (period: string) => client.months.find((m) => m.period === period)?.count ?? 0;
  return (
    <tr>
      <th scope="row">
        <Link to={paths.client(client.id)}>{client.name}</Link>
        {client.cui ? <div className="muted">CUI {client.cui}</div> : null}
      </th>
      <td>{client.company.name}</td>
      <td>
        <NewBadge count={client.new_count} />
      </td>
      {periods.map((period) => (
        <td key={period} className="num" aria-label={`${formatPeriod(period)}: ${countOf(period)}`}>
          {countOf(period) || <span className="muted">0</span>}
        </td>
      ))}
      <td className="num">{client.documents_count}</td>
      <td>
        {client.last_upload_at ? formatDate(client.last_upload_at, { time: true }) : <span className="muted">—</span>}
      </td>
    </tr>
  );
}

/** /client/dashboard (roles 4, 5): the holding's clients, what is new since the last visit, documents per month. */
export function ClientsPage() {
  const holdingId = useHoldingId();
  const { search, setSearch, term, page, setPage, sort, setSort } = useListState<ClientSort>({
    sort: 'name',
    direction: 'asc',
  });

  const list = useClientList(holdingId, { page, per_page: PER_PAGE, search: term || undefined, ...sort });

  const clients = list.data?.data ?? [];
  const meta = list.data?.meta;
  // Oldest month on the left, like a calendar.
  const periods = [...(meta?.periods ?? clients[0]?.months.map((m) => m.period) ?? [])].reverse();
  const newOnPage = clients.reduce((sum, c) => sum + c.new_count, 0);

  const body =
    holdingId === null ? (
      <NoHolding />
    ) : (
      <ListTable
        list={list}
        keepRowsOnError
        loadingLabel="Se încarcă firmele…"
        errorText="Lista firmelor nu a putut fi încărcată."
        empty={
          term ? (
            <EmptyState title="Nicio firmă nu corespunde căutării">Încearcă alt nume sau CUI.</EmptyState>
          ) : (
            <EmptyState title="Holdingul nu are încă firme">
              Firmele apar aici după ce firma de contabilitate le adaugă în holdingul tău.
            </EmptyState>
          )
        }
        onPage={setPage}
        caption="Firmele holdingului"
        head={
          <>
            <SortHeader label="Firmă" column="name" state={sort} onSort={setSort} />
            <th scope="col">Contabilitate</th>
            <SortHeader label="Noi" column="new_count" state={sort} onSort={setSort} firstDirection="desc" />
            {periods.map((period) => (
              <th key={period} scope="col" className="num" title={formatPeriod(period)}>
                {formatPeriodShort(period)}
              </th>
            ))}
            <SortHeader label="Total" column="documents_count" state={sort} onSort={setSort} firstDirection="desc" />
            <SortHeader
              label="Ultima încărcare"
              column="last_upload_at"
              state={sort}
              onSort={setSort}
              firstDirection="desc"
            />
          </>
        }
        row={(client) => <ClientRow key={client.id} client={client} periods={periods} />}
      />
    );

  return (
    <div className="page">
      <PageHeader title="Firmele holdingului" />
      {meta ? (
        <p className="muted" aria-live="polite">
          {meta.since ? `De la ultima vizită (${formatDate(meta.since, { time: true })}): ` : 'Documente noi: '}
          {newOnPage === 0
            ? 'niciun document nou la firmele afișate.'
            : `${countOf(newOnPage, 'document nou', 'documente noi')} la firmele afișate.`}
        </p>
      ) : null}
      <SearchField label="Caută firmă" placeholder="Nume sau CUI" value={search} onChange={setSearch}>
        {list.loading && list.data ? <Spinner block={false} label="Se actualizează…" /> : null}
      </SearchField>
      <div className="card">{body}</div>
    </div>
  );
}
