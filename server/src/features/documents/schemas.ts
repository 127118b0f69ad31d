import { idParam, nullablePeriodSchema, periodSchema } from '../../lib/http-schemas.js';
import { mediaSchema } from './presenter.js';

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
    period: nullablePeriodSchema,
    category_id: { type: ['integer', 'null'], minimum: 1 },
    ids: { type: ['array', 'null'], items: { type: 'integer', minimum: 1 }, maxItems: 10000 },
  },
} as const;

export interface CollectionBody {
  period?: string | null;
  category_id?: number | null;
  ids?: number[] | null;
}

/** The ids of a document route (the door adds its own tenant id). */
export const clientParams = { type: 'object', required: ['clientId'], properties: { clientId: idParam } } as const;

export const clientDocumentParams = {
  type: 'object',
  required: ['clientId', 'documentId'],
  properties: { clientId: idParam, documentId: idParam },
} as const;

export const clientMediaParams = {
  type: 'object',
  required: ['clientId', 'mediaId'],
  properties: { clientId: idParam, mediaId: idParam },
} as const;

/** POST …/media/{mediaId}/update: any of the three; a name is checked and given its type's extension. */
export const updateBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    category_id: { type: ['integer', 'null'], minimum: 1 },
    period: periodSchema,
    name: { type: 'string', maxLength: 1000 },
  },
} as const;

export interface UpdateBody {
  category_id?: number | null;
  period?: string;
  name?: string;
}

/** POST …/media/bulk: up to 100 documents moved (category and/or month) or sent to the trash together. */
export const bulkBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ids', 'action'],
  properties: {
    ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 100 },
    action: { type: 'string', enum: ['move', 'delete'] },
    category_id: { type: ['integer', 'null'], minimum: 1 },
    period: periodSchema,
  },
} as const;

export interface BulkBody {
  ids: number[];
  action: 'move' | 'delete';
  category_id?: number | null;
  period?: string;
}
