import { useState } from 'react';
import {
  ActionsHeader,
  EmptyState,
  ListTable,
  MessageDialog,
  PageHeader,
  RowAction,
  SearchField,
  SortHeader,
  confirmDelete,
  formatDate,
  useListState,
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
  const { search, setSearch, term, page, setPage, sort, setSort } = useListState<HoldingSort>({
    sort: 'name',
    direction: 'asc',
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const holdings = useHoldings(companyId, { page, per_page: PER_PAGE, search: term, ...sort });

  const onDelete = (holding: HoldingRow) =>
    confirmDelete({
      title: `Ștergi holdingul „${holding.name}” din lista ta?`,
      text: 'Holdingul nu va mai fi legat de compania ta. Niciun client și niciun fișier nu se pierd: clienții și documentele lor rămân în lista ta.',
      run: () => deleteHolding(companyId, holding.id),
      success: 'Holdingul a fost șters din lista ta.',
      onDone: holdings.reload,
    });

  return (
    <div className="page">
      <PageHeader title="Holdinguri" />
      <SearchField id="holding-search" label="Caută după nume sau CUI" value={search} onChange={setSearch} />

      <ListTable
        list={holdings}
        caption="Holdinguri"
        errorText="Holdingurile nu au putut fi încărcate."
        serverError
        empty={
          term ? (
            'Niciun holding nu corespunde căutării.'
          ) : (
            <EmptyState title="Nu lucrezi încă cu niciun holding.">
              Un holding apare aici când îl alegi sau îl creezi la adăugarea unui client.
            </EmptyState>
          )
        }
        card
        head={
          <>
            <SortHeader label="Nume" column="name" state={sort} onSort={setSort} />
            <th scope="col">CUI</th>
            <th scope="col">E-mail</th>
            <th scope="col">Clienți</th>
            <th scope="col">Utilizatori</th>
            <SortHeader label="Legat din" column="created_at" state={sort} onSort={setSort} />
            <ActionsHeader />
          </>
        }
        onPage={setPage}
        row={(holding) => (
          <tr key={holding.id}>
            <td>{holding.name}</td>
            <td>{holding.cui ?? '—'}</td>
            <td>{holding.email ?? '—'}</td>
            <td>{holding.clients_count ?? '—'}</td>
            <td>{holding.users_count ?? '—'}</td>
            <td>{formatDate(holding.linked_at)}</td>
            <td className="actions">
              <RowAction
                action="Notifică"
                target={holding.name}
                onClick={() => setDialog({ kind: 'notify', holding })}
              />
              <RowAction
                action="Transferă categoriile"
                target={holding.name}
                label={`Transferă categoriile holdingului ${holding.name}`}
                onClick={() => setDialog({ kind: 'transfer', holding })}
              />
              <RowAction action="Șterge" target={holding.name} danger onClick={() => void onDelete(holding)} />
            </td>
          </tr>
        )}
      />

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
