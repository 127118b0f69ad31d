import type { Amount, Invoice, InvoiceAddress, InvoiceParty } from './types';

/** An amount as a number (a decimal string "1234.50" too); null when absent or not a number. */
export function amountOf(value: Amount | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

const money = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 4 });

/** 1234.5, 'RON' → '1.234,50 RON'; a storno's negative amounts keep their sign. Absent → '—'. */
export function formatAmount(value: Amount | null | undefined, currency?: string | null): string {
  const n = amountOf(value);
  if (n === null) return '—';
  const text = money.format(n);
  return currency ? `${text} ${currency}` : text;
}

/** A quantity or a rate without forced decimals: 2 → '2', 1.5 → '1,5'. */
export function formatNumber(value: Amount | null | undefined): string {
  const n = amountOf(value);
  return n === null ? '—' : plain.format(n);
}

/** '2026-11-15' → '15.11.2026' (the calendar date as written, no time zone shift). */
export function formatInvoiceDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** Whether the invoice (380) cancels an earlier one: its total is negative. */
export function isStorno(invoice: Invoice): boolean {
  const payable = amountOf(invoice.totals?.payable) ?? amountOf(invoice.totals?.with_vat);
  return payable !== null && payable < 0;
}

/** The document's title by its UBL type code (UNTDID 1001), as a Romanian accountant names it. */
export function invoiceTitle(invoice: Invoice): string {
  const code = String(invoice.type_code ?? '380');
  if (code === '381') return 'Notă de credit';
  if (code === '384') return 'Factură corectată';
  if (code === '389') return 'Autofactură';
  if (code === '751') return 'Factură (informare, 751)';
  return isStorno(invoice) ? 'Factură storno' : 'Factură';
}

/** The address on one line, whichever shape the server gave. */
export function addressLine(address: InvoiceAddress | null | undefined): string | null {
  if (!address) return null;
  const parts = [address.street, address.postal_code, address.city, address.county, address.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** The party's fiscal code as written on an invoice: the VAT number (RO…) when it has one, else the CUI. */
export function fiscalCode(party: InvoiceParty | null | undefined): string | null {
  if (!party) return null;
  return party.vat_number?.trim() || party.cui?.trim() || null;
}
