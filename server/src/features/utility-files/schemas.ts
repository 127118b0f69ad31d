import { idParam, pageOf } from '../../lib/http-schemas.js';

const ref = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

/** A utility file as both doors answer it (never its storage key). */
export const utilSchema = {
  type: 'object',
  required: ['id', 'media_id', 'title', 'description', 'company', 'file'],
  properties: {
    id: { type: 'integer' },
    media_id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    company: ref,
    file: {
      type: 'object',
      required: ['name', 'mime', 'size'],
      properties: { name: { type: 'string' }, mime: { type: 'string' }, size: { type: 'integer' } },
    },
    original_name: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

export const utilData = { type: 'object', required: ['data'], properties: { data: utilSchema } } as const;

export const utilList = pageOf(utilSchema);
const listQueryProperties = {
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  per_page: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$' },
  search: { type: 'string', maxLength: 200 },
  sort: { type: 'string', enum: ['title', 'created_at'] },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

/** GET utils: paging, search, order, and one company (the holding's screen narrows to one of its companies). */
export const utilsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...listQueryProperties, company_id: idParam },
} as const;

export const mediaIdParams = { type: 'object', required: ['mediaId'], properties: { mediaId: idParam } } as const;
