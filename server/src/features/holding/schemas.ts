import { pageMetaSchema } from '../company/schemas.js';
import { binarySchema, errorResponses as fileErrorResponses, errorSchema, messageSchema } from '../files/index.js';

/** JSON schemas of the holding calls (SPEC §7, prefix /api/holding/:holdingId); response schemas are the whitelist. */

export const idPattern = '^[0-9]{1,9}$';

export { errorSchema, messageSchema, binarySchema };

/** The files module's error answers, plus 409 (last administrator, e-mail taken in a race). */
export const errorResponses = { ...fileErrorResponses, 409: errorSchema } as const;

export const holdingParams = {
  type: 'object',
  required: ['holdingId'],
  properties: { holdingId: { type: 'string', pattern: idPattern } },
} as const;

export const holdingObjectParams = {
  type: 'object',
  required: ['holdingId', 'id'],
  properties: { holdingId: { type: 'string', pattern: idPattern }, id: { type: 'string', pattern: idPattern } },
} as const;

/** Query strings arrive as text: the same list fields, numbers as digit strings. */
const listQueryProperties = {
  page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  per_page: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
  search: { type: 'string', maxLength: 100 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

export const metaSchema = pageMetaSchema;

const companyRef = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

// ---- users ---------------------------------------------------------------

export const utilsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...listQueryProperties,
    sort: { type: 'string', enum: ['title', 'created_at'] },
    company_id: { type: 'string', pattern: idPattern },
  },
} as const;

export const utilsResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'media_id', 'title', 'company'],
        properties: {
          id: { type: 'integer' },
          media_id: { type: 'integer' },
          title: { type: 'string' },
          description: nullableString,
          company: companyRef,
          original_name: { type: 'string' },
          mime: { type: 'string' },
          size: { type: 'integer' },
          created_at: { type: 'string' },
          updated_at: { type: 'string' },
        },
      },
    },
    meta: metaSchema,
  },
} as const;
