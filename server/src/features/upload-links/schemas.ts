import { idParam, periodSchema } from '../../lib/http-schemas.js';

/** JSON schemas of the upload link's calls (the response schemas are the serialisation whitelist). */

const nullableString = { type: ['string', 'null'] } as const;

/** The token as issued (43 base64url characters); anything else answers as an unknown link. */
export const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

const itemSchema = {
  type: 'object',
  required: ['id', 'name', 'details', 'category', 'status', 'reason'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    details: nullableString,
    category: nullableString,
    status: { type: 'string', enum: ['missing', 'rejected'] },
    /** Why the firm rejected the item's documents (status rejected). */
    reason: nullableString,
  },
} as const;

const monthSchema = {
  type: 'object',
  required: ['period', 'due_date', 'days_left', 'done_at', 'items'],
  properties: {
    period: { type: 'string' },
    due_date: { type: 'string' },
    days_left: { type: 'integer' },
    done_at: nullableString,
    items: { type: 'array', items: itemSchema },
  },
} as const;

export const linkResponse = {
  type: 'object',
  required: ['client', 'firm', 'expires_at', 'months'],
  properties: {
    client: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    firm: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    expires_at: { type: 'string' },
    months: { type: 'array', items: monthSchema },
  },
} as const;

export const uploadResponse = {
  type: 'object',
  required: ['message', 'files'],
  properties: {
    message: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'size'],
        properties: { name: { type: 'string' }, size: { type: 'integer' } },
      },
    },
  },
} as const;

export const doneBody = {
  type: 'object',
  additionalProperties: false,
  required: ['period'],
  properties: { period: periodSchema },
} as const;

export const doneResponse = {
  type: 'object',
  required: ['message', 'done_at'],
  properties: { message: { type: 'string' }, done_at: { type: 'string' } },
} as const;

export const clientParams = { type: 'object', required: ['clientId'], properties: { clientId: idParam } } as const;

/** The firm's view of a client's link: whether one works and until when, never its token. */
export const linkStateResponse = {
  type: 'object',
  required: ['active', 'created_at', 'expires_at', 'last_used_at'],
  properties: {
    active: { type: 'boolean' },
    created_at: nullableString,
    expires_at: nullableString,
    last_used_at: nullableString,
  },
} as const;

export const revokeResponse = {
  type: 'object',
  required: ['message', 'revoked'],
  properties: { message: { type: 'string' }, revoked: { type: 'boolean' } },
} as const;
