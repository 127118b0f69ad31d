import { pageMetaSchema, periodSchema } from '../../lib/http-schemas.js';
import { categorySchema } from '../categories/index.js';
import { mediaSchema, uploadLimitsSchema } from '../documents/index.js';
import { clientFields } from './schemas.js';

/** JSON schemas of the holding door's client calls (index, clients/store, clients/{id}, update). */

const nullableString = { type: ['string', 'null'] } as const;

const companyRef = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

/** The holding's list fields (its search is shorter than the company's). */
const listProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
  search: { type: 'string', maxLength: 100 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

export const indexBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    ...listProperties,
    sort: { type: 'string', enum: ['name', 'created_at', 'documents_count', 'last_upload_at', 'new_count'] },
    company_id: { type: 'integer', minimum: 1 },
  },
} as const;

export const indexResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'company', 'documents_count', 'new_count', 'months'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          cui: nullableString,
          email: nullableString,
          phone: nullableString,
          company: companyRef,
          documents_count: { type: 'integer' },
          new_count: { type: 'integer' },
          last_upload_at: nullableString,
          months: {
            type: 'array',
            items: {
              type: 'object',
              required: ['period', 'count'],
              properties: { period: { type: 'string' }, count: { type: 'integer' } },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'since', 'periods'],
      properties: {
        ...pageMetaSchema.properties,
        since: nullableString,
        periods: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;

export const clientStoreBody = {
  type: 'object',
  additionalProperties: false,
  required: ['company_id', 'name', 'cui'],
  properties: { company_id: { type: 'integer', minimum: 1 }, ...clientFields },
} as const;

export const clientUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: clientFields,
} as const;

export const clientSchema = {
  type: 'object',
  required: ['id', 'name', 'company'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cui: nullableString,
    email: nullableString,
    phone: nullableString,
    notes: nullableString,
    company: companyRef,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

export const clientSavedResponse = {
  type: 'object',
  required: ['message', 'client'],
  properties: { message: { type: 'string' }, client: clientSchema },
} as const;

export const clientShowBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    period: periodSchema,
    category_id: { type: 'integer', minimum: 1 },
  },
} as const;

/** A client document (the files module's presenter) plus the server's answer to "may I delete it". */
export const documentSchema = {
  ...mediaSchema,
  required: [...mediaSchema.required, 'can_delete'],
  properties: { ...mediaSchema.properties, can_delete: { type: 'boolean' } },
} as const;

export const clientShowResponse = {
  type: 'object',
  required: ['client', 'categories', 'categories_inherited', 'periods', 'documents', 'upload_limits'],
  properties: {
    client: { ...clientSchema, properties: { ...clientSchema.properties, documents_count: { type: 'integer' } } },
    categories: { type: 'array', items: categorySchema },
    categories_inherited: { type: 'boolean' },
    periods: { type: 'array', items: { type: 'string' } },
    documents: { type: 'array', items: documentSchema },
    documents_truncated: { type: 'boolean' },
    upload_limits: uploadLimitsSchema,
  },
} as const;
