import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ActionsHeader,
  DataTable,
  EmptyState,
  ListStates,
  Modal,
  PageHeader,
  Pager,
  countOf,
  toast,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { assignInvoice, useUnsortedInvoices, type ClientChoice, type UnsortedInvoice } from '../api/unsorted-invoices';
import { ClientPicker } from './client-picker';
import { invoiceDate } from './import-results';
import './invoices.css';

const PER_PAGE = 25;

const money = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amount = (value: string | null, currency: string | null) =>
  value === null ? '—' : `${money.format(Number(value))} ${currency ?? 'RON'}`;
const party = (p: { cui: string | null; name: string | null }) => p.name || (p.cui ? `CUI ${p.cui}` : '—');

function AssignDialog({
  companyId,
  invoice,
  onClose,
  onAssigned,
}: {
  companyId: number;
  invoice: UnsortedInvoice;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const [client, setClient] = useState<ClientChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!client) return;
    setBusy(true);
    try {
      const answer = await assignInvoice(companyId, invoice.id, client.id);
      void toast.success(answer.message || `Factura a fost îndosariată la ${client.name}.`);
      onAssigned();
    } catch {
      /* the shared client already showed the refusal (a closed month, a client gone) */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={`Atribuie factura ${invoice.number ?? ''}`.trim()} onClose={onClose}>
      <p className="muted">
        {`Furnizor: ${party(invoice.supplier)} · Cumpărător: ${party(invoice.buyer)} · ${invoiceDate(invoice.issue_date)}`}
      </p>
      <ClientPicker companyId={companyId} value={client} onChange={setClient} />
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={!client || busy} onClick={() => void save()}>
          {client ? `Îndosariază la ${client.name}` : 'Alege un client'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Renunță
        </button>
      </div>
    </Modal>
  );
}

/**
 * /company/invoices/unsorted „De sortat”: imported invoices neither of whose parties is a client of the
 * firm (by CUI). Each is filed under the client chosen, in the month of its issue date.
 */
export function UnsortedInvoicesPage() {
  const companyId = useCompanyId();
  const [page, setPage] = useState(1);
  const list = useUnsortedInvoices(companyId, page, PER_PAGE);
  const [assigning, setAssigning] = useState<UnsortedInvoice | null>(null);

  return (
    <div className="page">
      <PageHeader title="De sortat" />
      <ListStates
        list={list}
        errorText="Facturile de sortat nu au putut fi încărcate."
        serverError
        keepRowsOnError
        empty={
          <EmptyState title="Nicio factură de sortat.">
            Facturile importate al căror furnizor și cumpărător nu sunt clienți apar aici.{' '}
            <Link to={paths.invoices}>Importă facturi</Link>
          </EmptyState>
        }
      >
        {(rows, data) => (
          <DataTable
            className="card table-wrap"
            busy={list.loading}
            caption={countOf(data.meta.total, 'factură de sortat', 'facturi de sortat')}
            captionClassName="muted"
            head={
              <>
                <th scope="col">Factura</th>
                <th scope="col">Furnizor</th>
                <th scope="col">Cumpărător</th>
                <th scope="col">Total</th>
                <ActionsHeader />
              </>
            }
            footer={<Pager meta={data.meta} onPage={setPage} />}
          >
            {rows.map((invoice) => (
              <tr key={invoice.id}>
                <td>
                  <div>{invoice.number ? `Nr. ${invoice.number}` : invoice.file_name}</div>
                  <div className="muted">{invoiceDate(invoice.issue_date)}</div>
                </td>
                <td>
                  <div>{party(invoice.supplier)}</div>
                  {invoice.supplier.cui ? <div className="muted">{`CUI ${invoice.supplier.cui}`}</div> : null}
                </td>
                <td>
                  <div>{party(invoice.buyer)}</div>
                  {invoice.buyer.cui ? <div className="muted">{`CUI ${invoice.buyer.cui}`}</div> : null}
                </td>
                <td className="search-hit-amount">{amount(invoice.total_payable, invoice.currency)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={`Atribuie factura ${invoice.number ?? invoice.file_name} unui client`}
                    onClick={() => setAssigning(invoice)}
                  >
                    Atribuie clientului
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>
      {assigning ? (
        <AssignDialog
          companyId={companyId}
          invoice={assigning}
          onClose={() => setAssigning(null)}
          onAssigned={() => {
            setAssigning(null);
            list.reload();
          }}
        />
      ) : null}
    </div>
  );
}
