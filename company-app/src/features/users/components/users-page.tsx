import { useState } from 'react';
import {
  ActionsHeader,
  ListTable,
  PageHeader,
  RowAction,
  SearchField,
  confirmDelete,
  deleteTenantUser,
  errorMessage,
  formatDate,
  useCurrentUser,
  useListSearch,
  useTenantUsers,
  type TenantUser,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { ROLE_NAMES, UserFormDialog } from './user-form-dialog';

const PER_PAGE = 20;

/** Company users (role 2): create (invited by e-mail), update, delete; the last owner stays. */
export function UsersPage() {
  const companyId = useCompanyId();
  const me = useCurrentUser();
  const apiBase = companyBase(companyId);
  const { search, setSearch, term: debouncedSearch, page, setPage } = useListSearch();
  const [editing, setEditing] = useState<TenantUser | 'new' | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  // The company list keeps the server's own order (no sort).
  const users = useTenantUsers(apiBase, { page, per_page: PER_PAGE, search: debouncedSearch });

  const onDelete = (user: TenantUser) =>
    confirmDelete({
      title: `Ștergi utilizatorul ${user.name}?`,
      text: `${user.email} nu se va mai putea autentifica.`,
      run: () => {
        setPageError(null);
        return deleteTenantUser(apiBase, user.id);
      },
      success: 'Utilizatorul a fost șters.',
      onDone: users.reload,
      // e.g. the last owner: the server's own Romanian message, also kept on the page.
      onError: (err) => setPageError(errorMessage(err)),
    });

  return (
    <div className="page">
      <PageHeader title="Utilizatori">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          Utilizator nou
        </button>
      </PageHeader>
      <SearchField id="user-search" label="Caută după nume sau e-mail" value={search} onChange={setSearch} />

      {pageError && (
        <div className="form-error" role="alert">
          {pageError}
        </div>
      )}

      <ListTable
        list={users}
        caption="Utilizatori"
        errorText="Utilizatorii nu au putut fi încărcați."
        serverError
        empty={debouncedSearch ? 'Niciun utilizator nu corespunde căutării.' : 'Nu există utilizatori.'}
        card
        head={
          <>
            <th scope="col">Nume</th>
            <th scope="col">E-mail</th>
            <th scope="col">Rol</th>
            <th scope="col">Cont</th>
            <ActionsHeader />
          </>
        }
        onPage={setPage}
        row={(user) => (
          <tr key={user.id}>
            <td>
              {user.name}
              {user.id === me?.id && <span className="muted"> (tu)</span>}
            </td>
            <td>{user.email}</td>
            <td>
              <span className="badge">{ROLE_NAMES[user.role] ?? `Rol ${user.role}`}</span>
            </td>
            <td>
              {user.invited ? (
                <span className="badge badge-warning">Invitație trimisă</span>
              ) : user.last_seen_at ? (
                `Activ, ultima dată ${formatDate(user.last_seen_at)}`
              ) : (
                'Activ'
              )}
            </td>
            <td className="actions">
              <RowAction action="Editează" target={user.name} onClick={() => setEditing(user)} />
              {user.id !== me?.id && (
                <RowAction action="Șterge" target={user.name} danger onClick={() => void onDelete(user)} />
              )}
            </td>
          </tr>
        )}
      />

      {editing !== null && (
        <UserFormDialog
          apiBase={apiBase}
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setPageError(null);
            users.reload();
          }}
        />
      )}
    </div>
  );
}
