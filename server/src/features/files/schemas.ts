import { mediaSchema } from './presenter.js';

import {
  binarySchema,
  errorResponses,
  errorSchema,
  idParam,
  messageSchema,
  periodPattern,
} from '../../lib/http-schemas.js';

export { binarySchema, errorResponses, errorSchema, idParam, messageSchema, periodPattern };

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
