/** A party of an invoice, as docs/api/company-door.md („e-Factura”) shows it. */
export type InvoiceParty = {
  name: string | null;
  /** The Romanian CUI, digits only (no RO), or null (a foreign party, or none written). */
  cui: string | null;
  /** The VAT number as written under the VAT scheme ("RO13548146", "DE123…"), or null. */
  vat_number: string | null;
  vat_payer: boolean;
  /** The trade-register number (J40/…/…), when the invoice gives one. */
  registration: string | null;
  address: {
    street: string | null;
    city: string | null;
    county: string | null;
    postal_code: string | null;
    country: string | null;
  };
};

export type VatSubtotal = {
  category: string | null;
  rate: string | null;
  taxable: string;
  tax: string;
  exemption_reason: string | null;
};

export type InvoiceLine = {
  id: string | null;
  name: string | null;
  description: string | null;
  quantity: string | null;
  unit: string | null;
  price: string | null;
  amount: string;
  vat_category: string | null;
  vat_rate: string | null;
};

export type AllowanceCharge = {
  charge: boolean;
  reason: string | null;
  amount: string;
  vat_category: string | null;
  vat_rate: string | null;
};

/** An embedded attachment: metadata only, its bytes stay inside the XML file. */
export type InvoiceAttachment = {
  id: string | null;
  description: string | null;
  file_name: string | null;
  mime: string | null;
  size: number;
};

export const TYPE_CODES = [380, 381, 384, 389, 751] as const;
export type TypeCode = (typeof TYPE_CODES)[number];

/** What an e-Factura XML says, read once and kept as JSON beside the filed document. */
export type ParsedInvoice = {
  document: 'Invoice' | 'CreditNote';
  customization_id: string;
  number: string;
  type_code: TypeCode;
  issue_date: string;
  due_date: string | null;
  currency: string;
  tax_currency: string | null;
  notes: string[];
  order_reference: string | null;
  supplier: InvoiceParty;
  buyer: InvoiceParty;
  totals: {
    without_vat: string;
    vat: string;
    with_vat: string;
    payable: string;
    allowances: string | null;
    charges: string | null;
    prepaid: string | null;
    rounding: string | null;
  };
  vat_breakdown: VatSubtotal[];
  tax_total_ron: string | null;
  lines: InvoiceLine[];
  allowances_charges: AllowanceCharge[];
  payment: { means_code: string | null; iban: string | null; terms: string | null };
  attachments: InvoiceAttachment[];
  storno: boolean;
};
