import { useState } from 'react';
import {
  ActionsHeader,
  ListTable,
  PageHeader,
  RowAction,
  SearchField,
  SortHeader,
  confirmDelete,
  deleteTenantUser,
  formatDate,
  useCurrentUser,
  useListState,
  useTenantUsers,
  type TenantUser,
  type TenantUsersQuery,
} from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { NoHolding } from '../../../lib/no-holding';
import { useHoldingId } from '../../../lib/use-holding-id';
import { HOLDING_ROLE_LABELS, UserForm } from './user-form';

const PER_PAGE = 20;

type Editing = { mode: 'new' } | { mode: 'edit'; user: TenantUser } | null;
type UserSort = NonNullable<TenantUsersQuery['sort']>;

function roleLabel(role: number): string {
  return role === 4 || role === 5 ? HOLDING_ROLE_LABELS[role] : `Rol ${role}`;
}

/** /client/users (role 4): the holding's users of roles 4 and 5 — create, edit, delete. */
export function UsersPage() {
  const holdingId = useHoldingId();
  const me = useCurrentUser();
  const apiBase = holdingId === null ? null : holdingBase(holdingId);
  const { search, setSearch, term, page, setPage, sort, setSort } = useListState<UserSort>({
    sort: 'name',
    direction: 'asc',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const users = useTenantUsers(apiBase, { page, per_page: PER_PAGE, search: term || undefined, ...sort });

  if (holdingId === null) {
    return (
      <div className="page">
        <NoHolding />
      </div>
    );
  }

  const onDelete = (user: TenantUser) =>
    confirmDelete({
      title: `Ștergi utilizatorul „${user.name}”?`,
      text: 'Nu se va mai putea autentifica, iar sesiunile lui deschise se închid. Documentele încărcate de el rămân.',
      run: () => deleteTenantUser(holdingBase(holdingId), user.id),
      success: 'Utilizatorul a fost șters.',
      onBusy: (busy) => setBusyId(busy ? user.id : null),
      onDone: () => {
        if (editing?.mode === 'edit' && editing.user.id === user.id) setEditing(null);
        users.reload();
      },
    });

  const list = (
    <ListTable
      list={users}
      keepRowsOnError
      loadingLabel="Se încarcă utilizatorii…"
      errorText="Utilizatorii nu au putut fi încărcați."
      empty={term ? 'Niciun utilizator nu corespunde căutării' : 'Holdingul nu are încă utilizatori'}
      caption="Utilizatorii holdingului"
      head={
        <>
          <SortHeader label="Nume" column="name" state={sort} onSort={setSort} />
          <SortHeader label="E-mail" column="email" state={sort} onSort={setSort} />
          <SortHeader label="Rol" column="role" state={sort} onSort={setSort} />
          <th scope="col">Ultima activitate</th>
          <ActionsHeader />
        </>
      }
      onPage={setPage}
      row={(user) => {
        const isMe = me?.id === user.id;
        return (
          <tr key={user.id}>
            <th scope="row">
              {user.name}
              {isMe ? <span className="badge badge-muted"> tu</span> : null}
              {user.invited ? <div className="muted">Nu și-a setat încă parola</div> : null}
            </th>
            <td>{user.email}</td>
            <td>{roleLabel(user.role)}</td>
            <td>{user.last_seen_at ? formatDate(user.last_seen_at, { time: true }) : '—'}</td>
            <td className="actions">
              <RowAction action="Editează" target={user.name} onClick={() => setEditing({ mode: 'edit', user })} />
              {!isMe ? (
                <RowAction
                  action="Șterge"
                  target={user.name}
                  danger
                  disabled={busyId !== null}
                  onClick={() => void onDelete(user)}
                />
              ) : null}
            </td>
          </tr>
        );
      }}
    />
  );

  return (
    <div className="page">
      <PageHeader title="Utilizatori">
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'new' })}>
          Adaugă utilizator
        </button>
      </PageHeader>
      {editing ? (
        <section className="card">
          <UserForm
            key={editing.mode === 'edit' ? `edit-${editing.user.id}` : 'new'}
            holdingId={holdingId}
            user={editing.mode === 'edit' ? editing.user : undefined}
            onSaved={() => {
              setEditing(null);
              users.reload();
            }}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : null}
      <SearchField label="Caută utilizator" placeholder="Nume sau e-mail" value={search} onChange={setSearch} />
      <section className="card">{list}</section>
    </div>
  );
}
