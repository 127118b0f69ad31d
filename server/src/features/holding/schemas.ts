import { categorySchema } from '../categories/index.js';
import { pageMetaSchema } from '../company/schemas.js';
import {
  binarySchema,
  errorResponses as fileErrorResponses,
  errorSchema,
  messageSchema,
} from '../../lib/http-schemas.js';
import { mediaSchema, uploadLimitsSchema } from '../documents/index.js';

/** JSON schemas of the holding calls (SPEC §7, prefix /api/holding/:holdingId); response schemas are the whitelist. */

export const idPattern = '^[0-9]{1,9}$';

export { errorSchema, messageSchema, binarySchema };

/** The files module's error answers, plus 409 (last administrator, e-mail taken in a race). */
export const errorResponses = { ...fileErrorResponses, 409: errorSchema } as const;

export const holdingParams = {
  type: 'object',
  required: ['holdingId'],
  properties: { holdingId: { type: 'string', pattern: idPattern } },
} as const;

export const holdingObjectParams = {
  type: 'object',
  required: ['holdingId', 'id'],
  properties: { holdingId: { type: 'string', pattern: idPattern }, id: { type: 'string', pattern: idPattern } },
} as const;

const listProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
  search: { type: 'string', maxLength: 100 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

/** Query strings arrive as text: the same list fields, numbers as digit strings. */
const listQueryProperties = {
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  per_page: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
  search: { type: 'string', maxLength: 100 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

export const metaSchema = pageMetaSchema;

const companyRef = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

// ---- index ---------------------------------------------------------------

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
        ...metaSchema.properties,
        since: nullableString,
        periods: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;

// ---- clients -------------------------------------------------------------

const clientFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  cui: { type: 'string', minLength: 1, maxLength: 20 },
  email: { type: ['string', 'null'], maxLength: 254 },
  phone: { type: ['string', 'null'], maxLength: 40 },
  notes: { type: ['string', 'null'], maxLength: 5000 },
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
    period: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
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

// ---- linked companies ----------------------------------------------------

export const companiesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...listQueryProperties, sort: { type: 'string', enum: ['name', 'linked_at'] } },
} as const;

export const companiesResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'clients_count'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          cui: nullableString,
          email: nullableString,
          phone: nullableString,
          linked_at: { type: 'string' },
          clients_count: { type: 'integer' },
        },
      },
    },
    meta: metaSchema,
  },
} as const;

// ---- users ---------------------------------------------------------------

export const usersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...listQueryProperties, sort: { type: 'string', enum: ['name', 'email', 'role', 'created_at'] } },
} as const;

export const holdingUserSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    has_password: { type: 'boolean' },
    last_seen_at: nullableString,
    created_at: { type: 'string' },
  },
} as const;

export const usersResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: { type: 'array', items: holdingUserSchema }, meta: metaSchema },
} as const;

export const storeUserBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'role'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    email: { type: 'string', minLength: 3, maxLength: 254 },
    role: { type: 'integer', enum: [4, 5] },
  },
} as const;

export const updateUserBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: storeUserBody.properties,
} as const;

export const userSavedResponse = {
  type: 'object',
  required: ['message', 'user'],
  properties: { message: { type: 'string' }, user: holdingUserSchema },
} as const;
