import type { Candidate, FilingOutcome } from './filing.js';

/** One invoice of an import's answer (docs/api/company-door.md, „e-Factura”). */
export type ImportEntry = {
  file: string;
  entry: string | null;
  status: 'filed' | 'duplicate' | 'unmatched' | 'refused';
  number?: string;
  issue_date?: string;
  supplier_cui?: string | null;
  buyer_cui?: string | null;
  signature_verified?: boolean | null;
  reason?: string;
  anaf_errors?: string[];
  unsorted_id?: number;
  invoice_id?: number;
  client_id?: number;
  client_name?: string;
  category?: string;
  period?: string;
  document_id?: number;
  kind?: 'received' | 'issued';
  copies?: {
    invoice_id: number;
    client_id: number;
    client_name: string;
    category: string;
    period: string;
    document_id: number;
    kind: 'received' | 'issued';
  }[];
};

/** The entry of a filed, duplicate, unmatched or refused invoice. */
export function importEntry(facts: ImportEntry, candidate: Candidate, outcome: FilingOutcome): ImportEntry {
  const base = { ...facts, reason: undefined };
  delete base.reason;
  const number = candidate.read.invoice.number;
  switch (outcome.status) {
    case 'filed':
      return { ...base, status: 'filed', ...outcome.copies[0], copies: outcome.copies };
    case 'duplicate':
      return {
        ...base,
        status: 'duplicate',
        reason: `Factura ${number} din ${candidate.key.issue_date} (furnizor ${candidate.key.supplier_cui}) a mai fost importată; nu a fost salvată din nou.`,
      };
    case 'unmatched':
      return {
        ...base,
        status: 'unmatched',
        unsorted_id: outcome.unsorted_id,
        reason: 'Niciunul dintre CUI-urile facturii nu este al unui client; factura așteaptă în „De sortat”.',
      };
    case 'refused':
      return { ...base, status: 'refused', reason: outcome.reason };
  }
}

const filingSchema = {
  type: 'object',
  required: ['invoice_id', 'client_id', 'client_name', 'category', 'period', 'document_id', 'kind'],
  properties: {
    invoice_id: { type: 'integer' },
    client_id: { type: 'integer' },
    client_name: { type: 'string' },
    category: { type: 'string' },
    period: { type: 'string' },
    document_id: { type: 'integer' },
    kind: { type: 'string', enum: ['received', 'issued'] },
  },
} as const;

export { filingSchema };

export const importEntrySchema = {
  type: 'object',
  required: ['file', 'entry', 'status'],
  properties: {
    file: { type: 'string' },
    entry: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['filed', 'duplicate', 'unmatched', 'refused'] },
    number: { type: 'string' },
    issue_date: { type: 'string' },
    supplier_cui: { type: ['string', 'null'] },
    buyer_cui: { type: ['string', 'null'] },
    signature_verified: { type: ['boolean', 'null'] },
    reason: { type: 'string' },
    anaf_errors: { type: 'array', items: { type: 'string' } },
    unsorted_id: { type: 'integer' },
    ...filingSchema.properties,
    copies: { type: 'array', items: filingSchema },
  },
} as const;
