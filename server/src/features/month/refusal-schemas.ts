import { namedSchema } from './schemas.js';

/** The month's refusals that say what blocks them (docs/api/month.md): their 409 answers. */

/** The error body of a refusal (lib/http-schemas.ts errorSchema) with what the caller must see to act on it. */
const refusalWith = <P extends Record<string, unknown>>(properties: P) =>
  ({
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' }, code: { type: 'string' }, ...properties },
  }) as const;

const namedDocument = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

/** 409 of a close: the month is not whole (`period_incomplete`, with its blockers) or already closed. */
export const closeRefusalSchema = refusalWith({
  blockers: {
    type: 'object',
    required: ['items', 'documents'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'details', 'status'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            details: { type: ['string', 'null'] },
            status: { type: 'string', enum: ['missing', 'uploaded', 'rejected'] },
          },
        },
      },
      documents: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'item'],
          properties: { id: { type: 'integer' }, name: { type: 'string' }, item: namedSchema },
        },
      },
    },
  },
});

/** 409 of „Nu se aplică”: the item's documents awaiting review (`documents_pending`), or a closed month. */
export const notApplicableRefusalSchema = refusalWith({ documents: { type: 'array', items: namedDocument } });
