import { errorResponses as commonErrors, errorSchema, pageOf } from '../../lib/http-schemas.js';

/** A used or expired invitation link answers 410. */
export const errorResponses = { ...commonErrors, 410: errorSchema } as const;

export const hashParams = {
  type: 'object',
  required: ['hash'],
  // The format itself is checked by the service, so a mangled link answers 404 like an unknown one.
  properties: { hash: { type: 'string', maxLength: 200 } },
} as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'cui', 'email'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    cui: { type: 'string', minLength: 1, maxLength: 20 },
    email: { type: 'string', minLength: 3, maxLength: 254 },
  },
} as const;

export const confirmBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      maxLength: 200,
      description: 'Numele proprietarului contului nou (implicit: numele companiei).',
    },
  },
} as const;

/** What the holding sees of its requests: never the hash. */
export const requestSchema = {
  type: 'object',
  required: ['id', 'name', 'cui', 'email', 'status', 'expired', 'expires_at', 'created_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cui: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'confirmed', 'rejected'] },
    expired: { type: 'boolean' },
    expires_at: { type: 'string' },
    created_at: { type: 'string' },
    decided_at: { type: ['string', 'null'] },
    company_id: { type: ['integer', 'null'] },
  },
} as const;

export const createdResponse = {
  type: 'object',
  required: ['message', 'request'],
  properties: { message: { type: 'string' }, request: requestSchema },
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    per_page: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    status: { type: 'string', enum: ['pending', 'confirmed', 'rejected'] },
  },
} as const;

export const listResponse = pageOf(requestSchema);
/** The public page's view of a request (who invites whom). */
export const publicResponse = {
  type: 'object',
  required: ['holding', 'company', 'status', 'expires_at'],
  properties: {
    holding: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    company: {
      type: 'object',
      required: ['name', 'cui', 'email'],
      properties: { name: { type: 'string' }, cui: { type: 'string' }, email: { type: 'string' } },
    },
    status: { type: 'string' },
    expires_at: { type: 'string' },
  },
} as const;

export const confirmedResponse = {
  type: 'object',
  required: ['message', 'company'],
  properties: {
    message: { type: 'string' },
    company: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
  },
} as const;

export { messageSchema as messageResponse } from '../../lib/http-schemas.js';
