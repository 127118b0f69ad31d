import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { TableScroll } from '../ui/TableScroll';
import {
  addressLine,
  amountOf,
  fiscalCode,
  formatAmount,
  formatInvoiceDate,
  formatNumber,
  invoiceTitle,
} from './invoice-format';
import type { Amount, Invoice, InvoiceParty, InvoiceTotals } from './types';
import './invoice.css';

export interface InvoiceViewProps {
  invoice: Invoice;
  /** Shows „Tipărește” (the printed page carries the invoice alone). */
  printable?: boolean;
}

/** Units an accountant reads without the code table (UN/ECE rec. 20); any other code as written. */
const UNITS: Record<string, string> = {
  H87: 'buc.',
  C62: 'buc.',
  XPP: 'buc.',
  KGM: 'kg',
  MTR: 'm',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'l',
  HUR: 'ore',
  DAY: 'zile',
  MON: 'luni',
  KWH: 'kWh',
  SET: 'set',
};
const unitName = (code: string): string => UNITS[code] ?? code;

/** A VAT rate with its category when it is not the standard one (Z, E, AE reverse charge…). */
function rate(value: Amount | null, category: string | null): string {
  const shown = value === null || value === undefined ? '—' : `${formatNumber(value)}%`;
  return category && category !== 'S' ? `${shown} (${category})` : shown;
}

/** ANAF's signature of the SPV download: verified, not matching the invoice, or absent. */
function SignatureBadge({ verified }: { verified: boolean | null }) {
  if (verified === true) return <span className="badge badge-success">Semnătură MFP verificată</span>;
  if (verified === false) return <span className="badge badge-danger">Semnătura MFP nu corespunde facturii</span>;
  return <span className="badge badge-muted">Fără semnătură MFP</span>;
}

function Party({ title, party }: { title: string; party: InvoiceParty | null }) {
  const code = fiscalCode(party);
  const address = addressLine(party?.address);
  return (
    <section className="invoice-party" aria-label={title}>
      <h3>{title}</h3>
      <p className="invoice-party-name">{party?.name || '—'}</p>
      <dl className="invoice-facts">
        <div>
          <dt>CUI</dt>
          <dd>{code ?? '—'}</dd>
        </div>
        {party?.registration ? (
          <div>
            <dt>Nr. reg. com.</dt>
            <dd>{party.registration}</dd>
          </div>
        ) : null}
        {address ? (
          <div>
            <dt>Adresă</dt>
            <dd>{address}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The invoice's body: what is shown in the page and, alone, on paper. */
function InvoiceBody({ invoice, idPrefix }: { invoice: Invoice; idPrefix: string }) {
  const currency = invoice.currency ?? 'RON';
  const totals: Partial<InvoiceTotals> = invoice.totals ?? {};
  const lines = invoice.lines ?? [];
  const vat = invoice.vat_breakdown ?? [];
  const charges = invoice.allowances_charges ?? [];
  const attachments = invoice.attachments ?? [];
  const notes = invoice.notes ?? [];
  const rejection = invoice.anaf_rejection?.messages ?? null;
  const foreign = currency !== 'RON';
  const vatRon = amountOf(invoice.tax_total_ron);
  const linesCaption = `${idPrefix}-lines`;
  const vatCaption = `${idPrefix}-vat`;

  return (
    <>
      <header className="invoice-head">
        <div>
          <h2 className="invoice-title">{invoiceTitle(invoice)}</h2>
          <p className="invoice-number">
            Nr. <strong>{invoice.number || '—'}</strong>
          </p>
        </div>
        <dl className="invoice-facts invoice-dates">
          <div>
            <dt>Data emiterii</dt>
            <dd>{formatInvoiceDate(invoice.issue_date)}</dd>
          </div>
          {invoice.due_date ? (
            <div>
              <dt>Scadența</dt>
              <dd>{formatInvoiceDate(invoice.due_date)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Moneda</dt>
            <dd>{currency}</dd>
          </div>
        </dl>
        <p className="invoice-signature">
          <SignatureBadge verified={invoice.signature_verified} />
        </p>
      </header>

      {rejection ? (
        <section className="invoice-rejection" role="alert" aria-label="Respinsă de ANAF">
          <h3>Factură respinsă de ANAF</h3>
          {rejection.length ? (
            <ul>
              {rejection.map((message, i) => (
                <li key={i}>{message}</li>
              ))}
            </ul>
          ) : (
            <p>ANAF nu a dat motivul.</p>
          )}
        </section>
      ) : null}

      <div className="invoice-parties">
        <Party title="Furnizor" party={invoice.supplier} />
        <Party title="Cumpărător" party={invoice.buyer} />
      </div>

      <section className="invoice-section">
        <h3 id={linesCaption}>Produse și servicii</h3>
        {lines.length === 0 ? (
          <p className="muted">Factura nu are linii.</p>
        ) : (
          <TableScroll labelledBy={linesCaption}>
            <table className="table invoice-lines">
              <thead>
                <tr>
                  <th scope="col">Nr.</th>
                  <th scope="col">Denumire</th>
                  <th scope="col" className="num">
                    Cantitate
                  </th>
                  <th scope="col" className="num">
                    Preț unitar
                  </th>
                  <th scope="col" className="num">
                    Cota TVA
                  </th>
                  <th scope="col" className="num">
                    Valoare
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, i) => (
                  <tr key={i}>
                    <td>{line.id || i + 1}</td>
                    <td className="cell-long">
                      {line.name || '—'}
                      {line.description ? <span className="invoice-line-note">{line.description}</span> : null}
                    </td>
                    <td className="num">
                      {formatNumber(line.quantity)}
                      {line.unit ? ` ${unitName(line.unit)}` : ''}
                    </td>
                    <td className="num">{formatAmount(line.price)}</td>
                    <td className="num">{rate(line.vat_rate, line.vat_category)}</td>
                    <td className="num">{formatAmount(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      {charges.length ? (
        <section className="invoice-section" aria-label="Reduceri și taxe suplimentare">
          <h3>Reduceri și taxe suplimentare</h3>
          <ul className="invoice-list">
            {charges.map((c, i) => (
              <li key={i}>
                {c.charge ? 'Taxă suplimentară' : 'Reducere'}
                {c.reason ? `: ${c.reason}` : ''} — {formatAmount(c.amount, currency)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="invoice-bottom">
        <section className="invoice-section">
          <h3 id={vatCaption}>TVA pe cote</h3>
          {vat.length === 0 ? (
            <p className="muted">Fără defalcare a TVA.</p>
          ) : (
            <TableScroll labelledBy={vatCaption}>
              <table className="table invoice-vat">
                <thead>
                  <tr>
                    <th scope="col">Cota</th>
                    <th scope="col" className="num">
                      Bază
                    </th>
                    <th scope="col" className="num">
                      TVA
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {vat.map((row, i) => (
                    <tr key={i}>
                      <td>
                        {rate(row.rate, row.category)}
                        {row.exemption_reason ? (
                          <span className="invoice-line-note">{row.exemption_reason}</span>
                        ) : null}
                      </td>
                      <td className="num">{formatAmount(row.taxable)}</td>
                      <td className="num">{formatAmount(row.tax)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>

        <section className="invoice-totals" aria-label="Totaluri">
          <dl>
            <div>
              <dt>Total fără TVA</dt>
              <dd>{formatAmount(totals.without_vat, currency)}</dd>
            </div>
            {amountOf(totals.allowances) ? (
              <div>
                <dt>Reduceri</dt>
                <dd>{formatAmount(totals.allowances, currency)}</dd>
              </div>
            ) : null}
            {amountOf(totals.charges) ? (
              <div>
                <dt>Taxe suplimentare</dt>
                <dd>{formatAmount(totals.charges, currency)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{foreign ? `TVA (${currency})` : 'TVA'}</dt>
              <dd>{formatAmount(totals.vat, currency)}</dd>
            </div>
            {foreign && vatRon !== null ? (
              <div>
                <dt>TVA în lei</dt>
                <dd>{formatAmount(vatRon, invoice.tax_currency ?? 'RON')}</dd>
              </div>
            ) : null}
            {amountOf(totals.with_vat) !== null ? (
              <div>
                <dt>Total cu TVA</dt>
                <dd>{formatAmount(totals.with_vat, currency)}</dd>
              </div>
            ) : null}
            {amountOf(totals.prepaid) ? (
              <div>
                <dt>Plătit în avans</dt>
                <dd>{formatAmount(totals.prepaid, currency)}</dd>
              </div>
            ) : null}
            <div className="invoice-payable">
              <dt>Total de plată</dt>
              <dd>{formatAmount(totals.payable, currency)}</dd>
            </div>
          </dl>
        </section>
      </div>

      {invoice.payment?.iban || invoice.payment?.terms ? (
        <section className="invoice-section" aria-label="Plata">
          <h3>Plata</h3>
          <dl className="invoice-facts">
            {invoice.payment.iban ? (
              <div>
                <dt>IBAN</dt>
                <dd>{invoice.payment.iban}</dd>
              </div>
            ) : null}
            {invoice.payment.terms ? (
              <div>
                <dt>Condiții</dt>
                <dd>{invoice.payment.terms}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      {notes.length ? (
        <section className="invoice-section" aria-label="Mențiuni">
          <h3>Mențiuni</h3>
          {notes.map((note, i) => (
            <p key={i} className="invoice-note">
              {note}
            </p>
          ))}
        </section>
      ) : null}

      {attachments.length ? (
        <section className="invoice-section" aria-label="Anexe">
          <h3>Anexe</h3>
          <ul className="invoice-list">
            {attachments.map((a, i) => (
              <li key={i}>
                {a.file_name || a.id || `Anexa ${i + 1}`}
                {a.description ? ` — ${a.description}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * An e-Factura as a person reads it: the type and number, the dates, supplier and buyer with their
 * fiscal codes, the lines, the VAT per rate, the totals (and the VAT in lei of an invoice in another
 * currency), whether ANAF's signature was verified and ANAF's refusal. Never the XML. On paper the
 * invoice alone is printed: while the browser prints, a copy sits directly in <body> and the print
 * stylesheet hides everything else (invoice.css).
 */
export function InvoiceView({ invoice, printable = true }: InvoiceViewProps) {
  const idPrefix = `invoice${useId().replace(/:/g, '')}`;
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    // Ctrl+P prints the invoice too, not the page behind it: the copy must be in the page before the
    // browser lays out the print, hence flushSync.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  useLayoutEffect(() => {
    if (!printing) return;
    document.body.classList.add('invoice-printing');
    return () => document.body.classList.remove('invoice-printing');
  }, [printing]);

  return (
    <article className="invoice" aria-label={`${invoiceTitle(invoice)} ${invoice.number ?? ''}`.trim()}>
      {printable ? (
        <div className="invoice-toolbar">
          <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
            Tipărește
          </button>
        </div>
      ) : null}
      <InvoiceBody invoice={invoice} idPrefix={idPrefix} />
      {printing
        ? createPortal(
            <div className="invoice invoice-print-copy" aria-hidden="true">
              <InvoiceBody invoice={invoice} idPrefix={`${idPrefix}p`} />
            </div>,
            document.body,
          )
        : null}
    </article>
  );
}
