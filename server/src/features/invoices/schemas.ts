import { idParam } from '../../lib/http-schemas.js';
import { importEntrySchema, filingSchema } from './presenter.js';
import { unsortedSchema } from './presenter-views.js';

export const importResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: importEntrySchema } },
} as const;

export const unsortedBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export const unsortedResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: { type: 'array', items: unsortedSchema },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total'],
      properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
    },
  },
} as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;

export const assignBody = {
  type: 'object',
  additionalProperties: false,
  required: ['client_id'],
  properties: { client_id: { type: 'integer', minimum: 1, maximum: 999999999 } },
} as const;

export const assignResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: filingSchema },
} as const;

export const clientMediaParams = {
  type: 'object',
  required: ['clientId', 'mediaId'],
  properties: { clientId: idParam, mediaId: idParam },
} as const;
