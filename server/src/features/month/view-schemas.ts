import { pageMetaSchema } from '../../lib/http-schemas.js';
import { countsSchema, namedSchema, statusSchema } from './schemas.js';

/** The answers of the firm's views: portfolio grid, months side by side, review queue (docs/api/month.md). */

const named = { ...namedSchema, type: 'object' } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const portfolioAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['client', 'counts', 'total', 'complete', 'closed', 'done', 'due_date', 'days_left', 'items'],
        properties: {
          client: {
            type: 'object',
            required: ['id', 'name', 'cui', 'holding'],
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              cui: nullableString,
              holding: namedSchema,
            },
          },
          counts: countsSchema,
          total: { type: 'integer' },
          complete: { type: 'boolean' },
          closed: { type: 'boolean' },
          done: { type: 'boolean' },
          due_date: { type: 'string' },
          days_left: { type: 'integer' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'requirement_id', 'name', 'status'],
              properties: {
                id: { type: ['integer', 'null'] },
                requirement_id: { type: 'integer' },
                name: { type: 'string' },
                status: statusSchema,
              },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'period'],
      properties: { ...pageMetaSchema.properties, period: { type: 'string' } },
    },
  },
} as const;

export const monthsAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['client', 'months'],
        properties: {
          client: named,
          months: {
            type: 'array',
            items: {
              type: 'object',
              required: ['period', 'total', 'counts', 'complete', 'closed'],
              properties: {
                period: { type: 'string' },
                total: { type: 'integer' },
                counts: countsSchema,
                complete: { type: 'boolean' },
                closed: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'periods'],
      properties: { ...pageMetaSchema.properties, periods: { type: 'array', items: { type: 'string' } } },
    },
  },
} as const;

export const queueAnswer = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'name',
          'mime',
          'size',
          'created_at',
          'period',
          'category',
          'client',
          'item',
          'uploaded_by_name',
        ],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          mime: { type: 'string' },
          size: { type: 'integer' },
          created_at: { type: 'string' },
          period: nullableString,
          category: namedSchema,
          client: named,
          item: namedSchema,
          uploaded_by_name: nullableString,
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'done', 'done_total'],
      properties: {
        ...pageMetaSchema.properties,
        done_total: { type: 'integer' },
        done: {
          type: 'array',
          items: {
            type: 'object',
            required: ['client', 'period', 'done_at', 'done_by_name'],
            properties: {
              client: named,
              period: { type: 'string' },
              done_at: { type: 'string' },
              done_by_name: nullableString,
            },
          },
        },
      },
    },
  },
} as const;
