import { pageMetaSchema } from '../../lib/http-schemas.js';

/** The shortest search: a trigram index finds nothing shorter, so a shorter term would read every document. */
export const MIN_SEARCH_LENGTH = 3;

export const searchBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['q'],
  properties: {
    q: { type: 'string', minLength: MIN_SEARCH_LENGTH, maxLength: 100 },
    page: { type: 'integer', minimum: 1, maximum: 1000 },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export interface SearchBody {
  q: string;
  page?: number;
  per_page?: number;
}

const ref = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

/** One document a search found: whose, which, where it is filed, and what the invoice says when it is one. */
export const searchHitSchema = {
  type: 'object',
  required: ['client', 'document', 'period', 'category', 'invoice'],
  properties: {
    client: ref,
    document: {
      type: 'object',
      required: ['id', 'name', 'mime', 'size', 'created_at'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        mime: { type: 'string' },
        size: { type: 'integer' },
        created_at: { type: 'string' },
      },
    },
    period: { type: ['string', 'null'] },
    category: { ...ref, type: ['object', 'null'] },
    invoice: {
      type: ['object', 'null'],
      required: ['number', 'kind', 'issue_date', 'partner', 'amount', 'currency'],
      properties: {
        number: { type: ['string', 'null'] },
        kind: { type: 'string', enum: ['received', 'issued'] },
        issue_date: { type: ['string', 'null'] },
        /** The other party: the supplier of a received invoice, the buyer of an issued one. */
        partner: {
          type: 'object',
          required: ['name', 'cui'],
          properties: { name: { type: ['string', 'null'] }, cui: { type: ['string', 'null'] } },
        },
        /** The amount payable, a decimal string with two decimals. */
        amount: { type: ['string', 'null'] },
        currency: { type: ['string', 'null'] },
      },
    },
  },
} as const;

export const searchResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: { type: 'array', items: searchHitSchema },
    meta: {
      ...pageMetaSchema,
      required: [...pageMetaSchema.required, 'capped'],
      properties: { ...pageMetaSchema.properties, capped: { type: 'boolean' } },
    },
  },
} as const;
