import { mediaSchema } from './presenter.js';

/** Ids in paths: digits only, then Number(). */
export const idParam = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;

/** Every error answer (DESIGN §3): message, stable code, and per-field messages on 422. */
export const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
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

export const periodPattern = '^[0-9]{4}-(0[1-9]|1[0-2])$';

export const mediaListResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: mediaSchema } },
} as const;

/** POST …/collection: every filter optional; ids outside the client are ignored, never revealed. */
export const collectionBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    period: { type: ['string', 'null'], pattern: periodPattern },
    category_id: { type: ['integer', 'null'], minimum: 1 },
    ids: { type: ['array', 'null'], items: { type: 'integer', minimum: 1 }, maxItems: 10000 },
  },
} as const;

export interface CollectionBody {
  period?: string | null;
  category_id?: number | null;
  ids?: number[] | null;
}
