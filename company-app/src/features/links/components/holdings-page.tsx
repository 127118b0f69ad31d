import { useState } from 'react';
import {
  EmptyState,
  ErrorState,
  MessageDialog,
  Pagination,
  SortHeader,
  Spinner,
  confirmDialog,
  errorMessage,
  formatDate,
  toast,
  useDebouncedValue,
  type SortState,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { deleteHolding } from '../api/delete-holding';
import { useHoldings, type HoldingRow, type HoldingSort } from '../api/get-holdings';
import { notifyHolding } from '../api/notify-holding';
import { TransferCategoriesDialog } from './transfer-categories-dialog';

const PER_PAGE = 20;

type Dialog = { kind: 'notify'; holding: HoldingRow } | { kind: 'transfer'; holding: HoldingRow } | null;

/** Holdings the company works with (role 2): notify, transfer categories, unlink. */
export function HoldingsPage() {
  const companyId = useCompanyId();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<SortState>({ sort: 'name', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const holdings = useHoldings(companyId, {
    page,
    per_page: PER_PAGE,
    search: debouncedSearch,
    sort: sort.sort as HoldingSort,
    direction: sort.direction,
  });

  const changeSort = (next: SortState) => {
    setSort(next);
    setPage(1);
  };

  const onDelete = async (holding: HoldingRow) => {
    const confirmed = await confirmDialog({
      title: `Ștergi holdingul „${holding.name}” din lista ta?`,
      text: 'Holdingul nu va mai fi legat de compania ta. Niciun client și niciun fișier nu se pierd: clienții și documentele lor rămân în lista ta.',
      confirmButtonText: 'Șterge',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await deleteHolding(companyId, holding.id);
      void toast.success(result.message ?? 'Holdingul a fost șters din lista ta.');
      holdings.reload();
    } catch {
      // The shared client showed the server's message.
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>Holdinguri</h1>
      </div>
      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor="holding-search">Caută după nume sau CUI</label>
          <input
            id="holding-search"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>

      {holdings.error ? (
        <ErrorState
          message={errorMessage(holdings.error, 'Holdingurile nu au putut fi încărcate.')}
          onRetry={holdings.reload}
        />
      ) : !holdings.data ? (
        <Spinner />
      ) : holdings.data.data.length === 0 ? (
        debouncedSearch ? (
          <EmptyState title="Niciun holding nu corespunde căutării." />
        ) : (
          <EmptyState title="Nu lucrezi încă cu niciun holding.">
            Un holding apare aici când îl alegi sau îl creezi la adăugarea unui client.
          </EmptyState>
        )
      ) : (
        <div className="card table-wrap" aria-busy={holdings.loading}>
          <table className="table">
            <thead>
              <tr>
                <SortHeader label="Nume" column="name" state={sort} onSort={changeSort} />
                <th scope="col">CUI</th>
                <th scope="col">E-mail</th>
                <th scope="col">Clienți</th>
                <th scope="col">Utilizatori</th>
                <SortHeader label="Legat din" column="created_at" state={sort} onSort={changeSort} />
                <th scope="col">
                  <span className="sr-only">Acțiuni</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {holdings.data.data.map((holding) => (
                <tr key={holding.id}>
                  <td>{holding.name}</td>
                  <td>{holding.cui ?? '—'}</td>
                  <td>{holding.email ?? '—'}</td>
                  <td>{holding.clients_count ?? '—'}</td>
                  <td>{holding.users_count ?? '—'}</td>
                  <td>{formatDate(holding.linked_at)}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={`Notifică ${holding.name}`}
                      onClick={() => setDialog({ kind: 'notify', holding })}
                    >
                      Notifică
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={`Transferă categoriile holdingului ${holding.name}`}
                      onClick={() => setDialog({ kind: 'transfer', holding })}
                    >
                      Transferă categoriile
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger"
                      aria-label={`Șterge ${holding.name}`}
                      onClick={() => void onDelete(holding)}
                    >
                      Șterge
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={holdings.data.meta.page}
            perPage={holdings.data.meta.per_page}
            total={holdings.data.meta.total}
            onPage={setPage}
          />
        </div>
      )}

      {dialog?.kind === 'notify' && (
        <MessageDialog
          title={`Notifică ${dialog.holding.name}`}
          description={
            (dialog.holding.admins_count ?? dialog.holding.users_count) === 0
              ? 'Holdingul nu are încă un administrator: e-mailul conține și o invitație de a-și crea contul.'
              : 'Mesajul pleacă prin e-mail către utilizatorii holdingului.'
          }
          submitLabel="Trimite notificarea"
          successMessage="Notificarea a fost trimisă."
          onSend={(message) => notifyHolding(companyId, dialog.holding.id, { message })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferCategoriesDialog companyId={companyId} source={dialog.holding} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
