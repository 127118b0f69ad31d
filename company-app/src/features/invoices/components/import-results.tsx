import { Link } from 'react-router-dom';
import { DataTable, countOf, formatPeriod } from '@dosar/shared';
import { paths } from '../../../paths';
import type { ImportEntry, InvoiceFiling } from '../api/import-invoices';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' as written (no time zone shift). */
export function invoiceDate(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '—';
}

/** Where a filed invoice went: each copy (received and/or issued) with its client's month. */
function filingsOf(entry: ImportEntry): InvoiceFiling[] {
  if (entry.copies?.length) return entry.copies;
  if (entry.client_id && entry.period)
    return [
      {
        invoice_id: 0,
        client_id: entry.client_id,
        client_name: entry.client_name ?? '',
        category: entry.category ?? '',
        period: entry.period,
        document_id: entry.document_id ?? 0,
        kind: 'received',
      },
    ];
  return [];
}

function Outcome({ entry }: { entry: ImportEntry }) {
  if (entry.status === 'filed') return <span className="badge badge-success">Îndosariată</span>;
  if (entry.status === 'duplicate') return <span className="badge badge-muted">Duplicat</span>;
  if (entry.status === 'unmatched') return <span className="badge badge-warning">Fără client — de sortat</span>;
  return (
    <>
      <span className="import-refused">{`Refuzată: ${entry.reason ?? 'fișierul nu este o factură e-Factura.'}`}</span>
      {entry.anaf_errors?.length ? (
        <ul className="import-anaf-errors" aria-label="Mesajele ANAF">
          {entry.anaf_errors.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Where({ entry }: { entry: ImportEntry }) {
  if (entry.status === 'filed')
    return (
      <>
        {filingsOf(entry).map((f) => (
          <div key={`${f.client_id}-${f.kind}`}>
            <Link to={paths.clientMonth(f.client_id, f.period)}>{`${f.client_name}, ${formatPeriod(f.period)}`}</Link>
            {f.category ? <div className="muted">{f.category}</div> : null}
          </div>
        ))}
      </>
    );
  if (entry.status === 'unmatched') return <Link to={paths.invoicesUnsorted}>De sortat</Link>;
  if (entry.status === 'duplicate') return <span className="muted">{entry.reason ?? 'Există deja în Dosar.'}</span>;
  return <span className="muted">—</span>;
}

/** One line of counts: „3 îndosariate, 1 duplicat…”. */
export function importSummary(entries: ImportEntry[]): string {
  const count = (status: ImportEntry['status']) => entries.filter((e) => e.status === status).length;
  const parts = [
    count('filed') ? countOf(count('filed'), 'îndosariată', 'îndosariate') : null,
    count('duplicate') ? countOf(count('duplicate'), 'duplicat', 'duplicate') : null,
    count('unmatched') ? `${count('unmatched')} fără client (de sortat)` : null,
    count('refused') ? countOf(count('refused'), 'refuzată', 'refuzate') : null,
  ].filter(Boolean);
  return `${countOf(entries.length, 'factură', 'facturi')}: ${parts.join(', ')}.`;
}

/** The import's answer, one row per invoice (an invoice inside a zip is its own row). */
export function ImportResults({ entries }: { entries: ImportEntry[] }) {
  return (
    <DataTable
      className="card table-wrap"
      caption={importSummary(entries)}
      captionClassName="muted"
      head={
        <>
          <th scope="col">Fișier</th>
          <th scope="col">Factura</th>
          <th scope="col">Rezultat</th>
          <th scope="col">Unde</th>
        </>
      }
    >
      {entries.map((entry, i) => (
        <tr key={`${entry.file}-${entry.entry ?? ''}-${i}`}>
          <td className="cell-long">
            {entry.file}
            {entry.entry ? <div className="muted">{entry.entry}</div> : null}
          </td>
          <td>
            {entry.number ? <div>{`Nr. ${entry.number}`}</div> : '—'}
            {entry.issue_date ? <div className="muted">{invoiceDate(entry.issue_date)}</div> : null}
          </td>
          <td className="import-outcome">
            <Outcome entry={entry} />
          </td>
          <td>
            <Where entry={entry} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
