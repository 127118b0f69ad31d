import type { FromSchema } from 'json-schema-to-ts';
import { idParam, pagingProperties, periodSchema } from '../../lib/http-schemas.js';

/** JSON schemas of the declaration calendar (docs/api/company-door.md, "Declarations"). */

export const CODE_PATTERN = '^D[0-9]{3}$';

export const clientParams = {
  type: 'object',
  required: ['clientId'],
  properties: { clientId: idParam },
} as const;

export const filingParams = {
  type: 'object',
  required: ['clientId', 'code', 'period'],
  properties: { clientId: idParam, code: { type: 'string', pattern: CODE_PATTERN }, period: periodSchema },
} as const;

export const rangeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: { from: periodSchema, to: periodSchema },
} as const;
export type RangeBody = FromSchema<typeof rangeBody>;

export const gridBody = {
  type: 'object',
  additionalProperties: false,
  required: ['period'],
  properties: {
    period: periodSchema,
    search: pagingProperties.search,
    page: pagingProperties.page,
    per_page: pagingProperties.per_page,
  },
} as const;
export type GridBody = FromSchema<typeof gridBody>;

const receiptSchema = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

export const obligationSchema = {
  type: 'object',
  required: ['code', 'name', 'period', 'period_label', 'frequency', 'due_date', 'status', 'filed_at', 'receipt'],
  properties: {
    code: { type: 'string' },
    name: { type: 'string' },
    period: { type: 'string' },
    period_label: { type: 'string' },
    frequency: { type: 'string', enum: ['monthly', 'quarterly', 'yearly'] },
    due_date: { type: 'string' },
    status: { type: 'string', enum: ['due', 'late', 'filed'] },
    note: { type: ['string', 'null'] },
    filed_at: { type: ['string', 'null'] },
    filed_by: { type: ['string', 'null'] },
    receipt: receiptSchema,
  },
} as const;

const fiscalProfileSchema = {
  type: ['object', 'null'],
  required: ['vat', 'employer', 'tax', 'saft'],
  properties: {
    vat: { type: 'string' },
    employer: { type: 'string' },
    tax: { type: 'string' },
    saft: { type: 'string' },
  },
} as const;

export const clientObligationsResponse = {
  type: 'object',
  required: ['data', 'fiscal_profile'],
  properties: { data: { type: 'array', items: obligationSchema }, fiscal_profile: fiscalProfileSchema },
} as const;

export const gridResponse = {
  type: 'object',
  required: ['period', 'codes', 'data', 'meta'],
  properties: {
    period: { type: 'string' },
    codes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'name'],
        properties: { code: { type: 'string' }, name: { type: 'string' } },
      },
    },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['client', 'fiscal_profile', 'obligations'],
        properties: {
          client: {
            type: 'object',
            required: ['id', 'name', 'cui'],
            properties: { id: { type: 'integer' }, name: { type: 'string' }, cui: { type: ['string', 'null'] } },
          },
          fiscal_profile: fiscalProfileSchema,
          obligations: { type: 'array', items: obligationSchema },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['page', 'per_page', 'total'],
      properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
    },
  },
} as const;

export const filedResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: obligationSchema },
} as const;
