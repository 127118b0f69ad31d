import type { ParsedInvoice } from '../../lib/efactura/index.js';
import { money } from '../../lib/efactura/index.js';
import type { UnsortedRow } from './repository.js';

/** „De sortat” and the readable invoice as they leave the server (docs/api/company-door.md, „e-Factura”). */

export function presentUnsorted(row: UnsortedRow) {
  return {
    id: row.id,
    file_name: row.file_name,
    number: row.number,
    type_code: Number(row.type_code),
    issue_date: row.issue_date,
    currency: row.currency,
    supplier: { cui: row.supplier_cui, name: row.supplier_name },
    buyer: { cui: row.buyer_cui, name: row.buyer_name },
    total_payable: money(String(row.total_payable)) ?? String(row.total_payable),
    signature_verified: row.signature_verified,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const nullableString = { type: ['string', 'null'] } as const;
const partyRef = {
  type: 'object',
  required: ['cui', 'name'],
  properties: { cui: nullableString, name: nullableString },
} as const;

export const unsortedSchema = {
  type: 'object',
  required: ['id', 'file_name', 'number', 'type_code', 'issue_date', 'currency', 'supplier', 'buyer', 'total_payable'],
  properties: {
    id: { type: 'integer' },
    file_name: { type: 'string' },
    number: { type: 'string' },
    type_code: { type: 'integer' },
    issue_date: { type: 'string' },
    currency: { type: 'string' },
    supplier: partyRef,
    buyer: partyRef,
    total_payable: { type: 'string' },
    signature_verified: { type: ['boolean', 'null'] },
    created_at: { type: 'string' },
  },
} as const;

export type InvoiceView = ParsedInvoice & {
  id: number;
  media_id: number;
  client_id: number;
  kind: 'received' | 'issued';
  signature_verified: boolean | null;
  anaf_rejection: { messages: string[] } | null;
  file_name: string;
};

const address = {
  type: 'object',
  properties: {
    street: nullableString,
    city: nullableString,
    county: nullableString,
    postal_code: nullableString,
    country: nullableString,
  },
} as const;

const party = {
  type: 'object',
  required: ['name', 'cui', 'vat_number', 'vat_payer', 'registration', 'address'],
  properties: {
    name: nullableString,
    cui: nullableString,
    vat_number: nullableString,
    vat_payer: { type: 'boolean' },
    registration: nullableString,
    address,
  },
} as const;

const vatOf = { vat_category: nullableString, vat_rate: nullableString } as const;

/** The readable invoice: the response schema is the whitelist (attachments' content never leaves). */
export const invoiceViewSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['id', 'media_id', 'number', 'type_code', 'issue_date', 'supplier', 'buyer', 'totals', 'lines'],
      properties: {
        id: { type: 'integer' },
        media_id: { type: 'integer' },
        client_id: { type: 'integer' },
        kind: { type: 'string', enum: ['received', 'issued'] },
        document: { type: 'string', enum: ['Invoice', 'CreditNote'] },
        customization_id: { type: 'string' },
        number: { type: 'string' },
        type_code: { type: 'integer' },
        issue_date: { type: 'string' },
        due_date: nullableString,
        currency: { type: 'string' },
        tax_currency: nullableString,
        notes: { type: 'array', items: { type: 'string' } },
        order_reference: nullableString,
        supplier: party,
        buyer: party,
        totals: {
          type: 'object',
          properties: {
            without_vat: { type: 'string' },
            vat: { type: 'string' },
            with_vat: { type: 'string' },
            payable: { type: 'string' },
            allowances: nullableString,
            charges: nullableString,
            prepaid: nullableString,
            rounding: nullableString,
          },
        },
        vat_breakdown: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              category: nullableString,
              rate: nullableString,
              taxable: { type: 'string' },
              tax: { type: 'string' },
              exemption_reason: nullableString,
            },
          },
        },
        tax_total_ron: nullableString,
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: nullableString,
              name: nullableString,
              description: nullableString,
              quantity: nullableString,
              unit: nullableString,
              price: nullableString,
              amount: { type: 'string' },
              ...vatOf,
            },
          },
        },
        allowances_charges: {
          type: 'array',
          items: {
            type: 'object',
            properties: { charge: { type: 'boolean' }, reason: nullableString, amount: { type: 'string' }, ...vatOf },
          },
        },
        payment: {
          type: 'object',
          properties: { means_code: nullableString, iban: nullableString, terms: nullableString },
        },
        attachments: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: nullableString,
              description: nullableString,
              file_name: nullableString,
              mime: nullableString,
              size: { type: 'integer' },
            },
          },
        },
        storno: { type: 'boolean' },
        signature_verified: { type: ['boolean', 'null'] },
        anaf_rejection: {
          type: ['object', 'null'],
          properties: { messages: { type: 'array', items: { type: 'string' } } },
        },
        file_name: { type: 'string' },
      },
    },
  },
} as const;
