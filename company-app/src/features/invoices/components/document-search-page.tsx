import { Link } from 'react-router-dom';
import {
  ActionsHeader,
  DataTable,
  DownloadStatus,
  EmptyState,
  ErrorState,
  PageHeader,
  Pager,
  PreviewButton,
  SearchField,
  Spinner,
  countOf,
  downloadDocument,
  errorMessage,
  formatPeriod,
  useDownload,
  useListSearch,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { MIN_SEARCH, useDocumentSearch, type SearchHit } from '../api/search-documents';
import { invoiceDate } from './import-results';
import './invoices.css';

const money = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function InvoiceCell({ invoice }: { invoice: NonNullable<SearchHit['invoice']> }) {
  const partner = invoice.partner.name || (invoice.partner.cui ? `CUI ${invoice.partner.cui}` : '—');
  return (
    <>
      <div>{`${invoice.kind === 'received' ? 'Primită' : 'Emisă'} nr. ${invoice.number ?? '—'}`}</div>
      <div className="muted">{`${invoice.kind === 'received' ? 'de la' : 'către'} ${partner}`}</div>
      <div className="muted">
        {invoiceDate(invoice.issue_date)}
        {invoice.amount !== null ? (
          <>
            {' · '}
            <span className="search-hit-amount">{`${money.format(Number(invoice.amount))} ${invoice.currency ?? 'RON'}`}</span>
          </>
        ) : null}
      </div>
    </>
  );
}

/**
 * /company/search „Caută”: every document of the firm's live clients, by file name or — for an
 * e-Factura — by number, partner name (with or without diacritics), CUI (with or without „RO”) or the
 * amount payable ("1234,50"). The server is asked once the typing pauses.
 */
export function DocumentSearchPage() {
  const companyId = useCompanyId();
  const { search, setSearch, term, page, setPage } = useListSearch(300);
  const results = useDocumentSearch(companyId, term, page);
  const download = useDownload();
  const clientUrl = (hit: SearchHit) => `${companyBase(companyId)}/clients/${hit.client.id}`;
  const short = Array.from(term).length < MIN_SEARCH;

  let body;
  if (short) {
    body = (
      <EmptyState title="Caută în documentele tuturor clienților">
        Scrie cel puțin 3 caractere: numărul facturii, numele sau CUI-ul partenerului, suma (1234,50) ori numele
        fișierului. Cuvintele se caută întregi, cu sau fără diacritice; un număr poate fi doar început.
      </EmptyState>
    );
  } else if (results.error && !results.data) {
    body = <ErrorState message={errorMessage(results.error, 'Căutarea nu a reușit.')} onRetry={results.reload} />;
  } else if (!results.data) {
    body = <Spinner label="Se caută…" />;
  } else if (results.data.data.length === 0) {
    body = (
      <EmptyState title={`Niciun document pentru „${term}”.`}>Încearcă alt număr, alt nume sau altă sumă.</EmptyState>
    );
  } else {
    const { data, meta } = results.data;
    body = (
      <DataTable
        className="card table-wrap"
        busy={results.loading}
        caption={
          meta.capped
            ? `Peste ${countOf(meta.total, 'document găsit', 'documente găsite')}; restrânge căutarea.`
            : countOf(meta.total, 'document găsit', 'documente găsite')
        }
        captionClassName="muted"
        head={
          <>
            <th scope="col">Client</th>
            <th scope="col">Document</th>
            <th scope="col">Luna</th>
            <th scope="col">Factura</th>
            <ActionsHeader />
          </>
        }
        footer={<Pager meta={meta} onPage={setPage} />}
      >
        {data.map((hit) => (
          <tr key={hit.document.id}>
            <td>
              <Link to={hit.period ? paths.clientMonth(hit.client.id, hit.period) : paths.client(hit.client.id)}>
                {hit.client.name}
              </Link>
            </td>
            <td className="cell-long">
              <div>{hit.document.name}</div>
              <div className="muted">{hit.category?.name ?? 'Fără categorie'}</div>
            </td>
            <td>{formatPeriod(hit.period)}</td>
            <td>{hit.invoice ? <InvoiceCell invoice={hit.invoice} /> : <span className="muted">—</span>}</td>
            <td>
              <PreviewButton
                url={`${clientUrl(hit)}/media/${hit.document.id}`}
                name={hit.document.name}
                mime={hit.document.mime}
                size={hit.document.size}
                onDownload={() =>
                  void download.run(hit.document.name, hit.document.name, (options) =>
                    downloadDocument(clientUrl(hit), hit.document.id, options),
                  )
                }
              />
            </td>
          </tr>
        ))}
      </DataTable>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Caută documente" />
      <SearchField
        label="Caută"
        value={search}
        onChange={setSearch}
        placeholder="Nr. facturii, partener, CUI, sumă sau nume de fișier"
      />
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}
      {body}
    </div>
  );
}
