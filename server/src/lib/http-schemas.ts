/**
 * JSON schemas every API route shares: ids in paths, the error body, paging.
 * Route schemas are `as const`, so the type provider (`@fastify/type-provider-json-schema-to-ts`)
 * derives each handler's `request.params` / `request.body` types from them.
 */

/** Ids in paths: digits only, then Number(). */
export const idParam = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;

/**
 * Every error answer: a Romanian message, a stable code, and per-field messages on 422; a failed login
 * also repeats its message in `error` (what the sign-in screens show).
 */
export const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    error: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

/** The error answers a tenant route may give (documentation and the serialisation whitelist). */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  422: errorSchema,
  429: errorSchema,
} as const;

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** A streamed file (never serialised: the schema documents it). */
export const binarySchema = { type: 'string', format: 'binary' } as const;

/** A month, `YYYY-MM`. */
export const periodPattern = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/**
 * The ajv format every month a route takes carries besides its pattern: within the months Dosar works
 * with (ro-calendar's isSanePeriod), checked when the request comes, so the window moves with the year.
 * The app registers it (app.ts); a month outside answers 422.
 */
export const PERIOD_FORMAT = 'period';

/** A month a route takes (body or path). */
export const periodSchema = { type: 'string', pattern: periodPattern, format: PERIOD_FORMAT } as const;

/** A month filter that may be null. */
export const nullablePeriodSchema = {
  type: ['string', 'null'],
  pattern: periodPattern,
  format: PERIOD_FORMAT,
} as const;

/** Params of a route on an object of the tenant: `{id}` (the door adds its own tenant id). */
export const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;

/** `meta` of every paged list. */
export const pageMetaSchema = {
  type: 'object',
  required: ['page', 'per_page', 'total'],
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
} as const;

/** Paging fields every list accepts in its body. */
export const pagingProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
  search: { type: ['string', 'null'], maxLength: 200 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

/** A paged list answer: `{data: [item…], meta: {page, per_page, total}}`. */
export const pageOf = <const Item>(items: Item) =>
  ({
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: { type: 'array', items }, meta: pageMetaSchema },
  }) as const;
