/**
 * A parsed e-Factura (UBL 2.1 Invoice / CreditNote, CIUS-RO) as the server answers
 * `POST {door}/clients/{clientId}/media/{mediaId}/invoice` (docs/api/company-door.md, „e-Factura”).
 * Amounts are decimal strings with two decimals ("-12.50" in a storno); quantities, prices and rates
 * decimal strings as written.
 */
export type Amount = string | number;

export interface InvoiceAddress {
  street: string | null;
  city: string | null;
  county: string | null;
  postal_code: string | null;
  country: string | null;
}

export interface InvoiceParty {
  name: string | null;
  /** Digits, without „RO”. */
  cui: string | null;
  /** „RO” + CUI for a VAT payer. */
  vat_number: string | null;
  vat_payer?: boolean;
  /** Trade register number (J40/…). */
  registration: string | null;
  address: InvoiceAddress | null;
}

export interface InvoiceLine {
  id: string | null;
  name: string | null;
  description: string | null;
  quantity: Amount | null;
  /** UN/ECE rec. 20 unit code (H87 = bucată). */
  unit: string | null;
  price: Amount | null;
  /** The line's amount without VAT. */
  amount: Amount | null;
  vat_category: string | null;
  vat_rate: Amount | null;
}

export interface VatBreakdownRow {
  category: string | null;
  rate: Amount | null;
  taxable: Amount | null;
  tax: Amount | null;
  exemption_reason: string | null;
}

export interface AllowanceCharge {
  /** true: a charge (adds to the total), false: an allowance (a discount). */
  charge: boolean;
  reason: string | null;
  amount: Amount | null;
  vat_category: string | null;
  vat_rate: Amount | null;
}

export interface InvoiceAttachment {
  id: string | null;
  description: string | null;
  file_name: string | null;
  mime: string | null;
  size: number | null;
}

export interface InvoiceTotals {
  without_vat: Amount | null;
  vat: Amount | null;
  with_vat: Amount | null;
  payable: Amount | null;
  allowances: Amount | null;
  charges: Amount | null;
  prepaid: Amount | null;
  rounding: Amount | null;
}

export interface Invoice {
  id?: number;
  media_id?: number;
  client_id?: number | null;
  kind?: 'received' | 'issued';
  document?: 'Invoice' | 'CreditNote';
  number: string | null;
  type_code: number | string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  /** The currency of the second TaxTotal (RON for an invoice in another currency). */
  tax_currency: string | null;
  notes: string[];
  order_reference?: string | null;
  supplier: InvoiceParty | null;
  buyer: InvoiceParty | null;
  totals: InvoiceTotals | null;
  vat_breakdown: VatBreakdownRow[];
  /** The VAT in lei, from the second TaxTotal of an invoice in another currency. */
  tax_total_ron: Amount | null;
  lines: InvoiceLine[];
  allowances_charges: AllowanceCharge[];
  payment: { means_code: string | null; iban: string | null; terms: string | null } | null;
  /** Metadata only: the attachments' content stays in the XML. */
  attachments: InvoiceAttachment[];
  /** A credit note, or an invoice with a negative total. */
  storno?: boolean;
  /** true: the MFP signature of the SPV download matches; false: it does not; null: no SPV signature came. */
  signature_verified: boolean | null;
  /** ANAF refused the invoice: its messages, as ANAF wrote them. */
  anaf_rejection: { messages: string[] } | null;
  file_name?: string;
}
