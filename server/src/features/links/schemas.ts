import { pageOf, pagingProperties } from '../../lib/http-schemas.js';

/** JSON schemas of the link calls (the response schemas are the serialisation whitelist). */

const nullableString = { type: ['string', 'null'] } as const;

/** A holding as its company sees it (`holdings`). */
export const holdingSchema = {
  type: 'object',
  required: ['id', 'name', 'cui', 'email', 'clients_count', 'users_count', 'admins_count', 'categories_count'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cui: nullableString,
    email: nullableString,
    linked_at: { type: 'string' },
    clients_count: { type: 'integer' },
    users_count: { type: 'integer' },
    admins_count: { type: 'integer' },
    categories_count: { type: 'integer' },
  },
} as const;

export const holdingListBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pagingProperties, sort: { type: 'string', enum: ['name', 'created_at'] } },
} as const;

export const holdingListResponse = pageOf(holdingSchema);
/** Params of a company-door call on one of its holdings. */
export const holdingIdParams = {
  type: 'object',
  required: ['holdingId'],
  properties: { holdingId: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

export const notifyHoldingBody = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    subject: { type: ['string', 'null'], maxLength: 200 },
    message: { type: 'string', minLength: 1, maxLength: 5000 },
  },
} as const;

export const notifyHoldingResponse = {
  type: 'object',
  required: ['message', 'invited', 'recipients'],
  properties: { message: { type: 'string' }, invited: { type: 'boolean' }, recipients: { type: 'integer' } },
} as const;

/** `companies` is a GET: the list fields come as text (numbers as digit strings). */
export const companiesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    per_page: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    search: { type: 'string', maxLength: 100 },
    direction: { type: 'string', enum: ['asc', 'desc'] },
    sort: { type: 'string', enum: ['name', 'linked_at'] },
  },
} as const;

export const companiesResponse = pageOf({
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
});
