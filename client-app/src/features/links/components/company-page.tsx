import { useState, type ReactNode } from 'react';
import {
  ActionsHeader,
  DataTable,
  EmptyState,
  ListStates,
  PageHeader,
  Pager,
  RowAction,
  confirmDelete,
  formatDate,
} from '@dosar/shared';
import { NoHolding } from '../../../lib/no-holding';
import { useHoldingId } from '../../../lib/use-holding-id';
import { useCompanyRequests, type CompanyRequest } from '../api/company-requests';
import { useCompanies, type LinkedCompany } from '../api/list-companies';
import { removeCompany } from '../api/remove-company';
import { InviteCompanyForm } from './invite-company-form';

const PER_PAGE = 20;

function requestStatus(request: CompanyRequest): { text: string; className: string } {
  if (request.status === 'confirmed') return { text: 'Confirmată', className: 'badge badge-success' };
  if (request.status === 'rejected') return { text: 'Respinsă', className: 'badge badge-danger' };
  if (request.expired) return { text: 'Expirată', className: 'badge badge-muted' };
  return { text: 'În așteptare', className: 'badge badge-warning' };
}

function CompaniesTable({
  companies,
  onRemove,
  busyId,
  after,
}: {
  companies: LinkedCompany[];
  onRemove: (c: LinkedCompany) => void;
  busyId: number | null;
  after: ReactNode;
}) {
  return (
    <DataTable
      after={after}
      caption="Firmele de contabilitate ale holdingului"
      head={
        <>
          <th scope="col">Firmă</th>
          <th scope="col">Contact</th>
          <th scope="col" className="num">
            Clienți
          </th>
          <th scope="col">Colaborare din</th>
          <ActionsHeader />
        </>
      }
    >
      {companies.map((company) => (
        <tr key={company.id}>
          <th scope="row">
            {company.name}
            {company.cui ? <div className="muted">CUI {company.cui}</div> : null}
          </th>
          <td>
            {company.email ?? '—'}
            {company.phone ? <div className="muted">{company.phone}</div> : null}
          </td>
          <td className="num">{company.clients_count}</td>
          <td>{formatDate(company.linked_at)}</td>
          <td>
            <RowAction
              action="Elimină"
              target={company.name}
              label={`Elimină ${company.name} din holding`}
              danger
              disabled={busyId !== null}
              onClick={() => onRemove(company)}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function InvitationsList({ holdingId, version }: { holdingId: number; version: number }) {
  const [page, setPage] = useState(1);
  const requests = useCompanyRequests(holdingId, page, 10, version);
  return (
    <ListStates
      list={requests}
      keepRowsOnError
      loadingLabel="Se încarcă invitațiile…"
      errorText="Invitațiile nu au putut fi încărcate."
      empty={
        <EmptyState title="Nu ai trimis încă invitații">
          Invită firma de contabilitate cu formularul de mai sus.
        </EmptyState>
      }
    >
      {(rows, data) => (
        <DataTable
          after={<Pager meta={data.meta} onPage={setPage} />}
          caption="Invitații trimise"
          head={
            <>
              <th scope="col">Firmă</th>
              <th scope="col">E-mail</th>
              <th scope="col">Trimisă</th>
              <th scope="col">Stare</th>
            </>
          }
        >
          {rows.map((request) => {
            const status = requestStatus(request);
            return (
              <tr key={request.id}>
                <th scope="row">
                  {request.name}
                  <div className="muted">CUI {request.cui}</div>
                </th>
                <td>{request.email}</td>
                <td>{formatDate(request.created_at)}</td>
                <td>
                  <span className={status.className}>{status.text}</span>
                  {request.status === 'pending' && !request.expired ? (
                    <div className="muted">valabilă până la {formatDate(request.expires_at)}</div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </ListStates>
  );
}

/** /client/company (role 4): the accounting companies of the holding; remove one, invite a new one. */
export function CompanyPage() {
  const holdingId = useHoldingId();
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [invitations, setInvitations] = useState(0);
  const companies = useCompanies(holdingId, { page, per_page: PER_PAGE, sort: 'name', direction: 'asc' });

  if (holdingId === null) {
    return (
      <div className="page">
        <NoHolding />
      </div>
    );
  }

  const onRemove = (company: LinkedCompany) =>
    confirmDelete({
      title: `Elimini „${company.name}” din holding?`,
      text: 'Firma nu va mai vedea clienții holdingului. Nu se pierde nicio dată: clienții și documentele rămân, iar colaborarea poate fi reluată printr-o invitație nouă.',
      confirmButtonText: 'Elimină',
      run: () => removeCompany(holdingId, company.id),
      success: 'Firma a fost eliminată din holding.',
      onBusy: (busy) => setBusyId(busy ? company.id : null),
      onDone: companies.reload,
    });

  const list = (
    <ListStates
      list={companies}
      keepRowsOnError
      loadingLabel="Se încarcă firmele…"
      errorText="Firmele de contabilitate nu au putut fi încărcate."
      empty={
        <EmptyState title="Holdingul nu lucrează încă cu nicio firmă de contabilitate">
          Invită o firmă folosind formularul de mai jos.
        </EmptyState>
      }
    >
      {(rows, data) => (
        <CompaniesTable
          companies={rows}
          busyId={busyId}
          onRemove={(c) => void onRemove(c)}
          after={<Pager meta={data.meta} onPage={setPage} />}
        />
      )}
    </ListStates>
  );

  return (
    <div className="page">
      <PageHeader title="Firme de contabilitate" />
      <section className="card" aria-labelledby="linked-companies-title">
        <h2 id="linked-companies-title">Firmele cu care lucrează holdingul</h2>
        {list}
      </section>
      <section className="card">
        <InviteCompanyForm holdingId={holdingId} onInvited={() => setInvitations((n) => n + 1)} />
      </section>
      <section className="card" aria-labelledby="invitations-title">
        <h2 id="invitations-title">Invitații trimise</h2>
        <InvitationsList holdingId={holdingId} version={invitations} />
      </section>
    </div>
  );
}
