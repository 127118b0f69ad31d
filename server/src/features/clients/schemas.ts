import { nullablePeriodSchema, pageOf, pagingProperties } from '../../lib/http-schemas.js';
import type { PagingInput } from '../../lib/paging.js';
import { categorySchema } from '../categories/index.js';
import { mediaSchema, uploadLimitsSchema } from '../documents/index.js';

/**
 * JSON schemas of the client calls: the client fields both doors accept, then the company door's
 * shapes (holding-schemas.ts has the holding door's). Response schemas are the serialisation whitelist.
 */

const optionalText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

/** The client fields of a create or an update, on both doors (input.ts checks their content). */
export const clientFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  cui: { type: 'string', minLength: 1, maxLength: 20 },
  email: optionalText(254),
  phone: optionalText(30),
  notes: optionalText(5000),
} as const;

const holdingRef = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

export const clientSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'cui', 'email', 'phone', 'holding', 'documents_count', 'last_upload_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cui: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    holding: holdingRef,
    documents_count: { type: 'integer' },
    last_upload_at: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    /** Present only on an archived client (the list with `archived: true`). */
    archived_at: { type: ['string', 'null'] },
  },
} as const;

/**
 * The client's fiscal profile: which declarations it owes and how often (the declaration calendar,
 * docs/PRODUCT.md, "Declarations"); null until the firm fills it in.
 */
export const fiscalProfileSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['vat', 'employer', 'tax', 'saft'],
  properties: {
    vat: { type: 'string', enum: ['none', 'monthly', 'quarterly'] },
    employer: { type: 'string', enum: ['no', 'monthly', 'quarterly'] },
    tax: { type: 'string', enum: ['micro', 'profit', 'income'] },
    saft: { type: 'string', enum: ['none', 'monthly', 'quarterly'] },
  },
} as const;

export const clientDetailSchema = {
  ...clientSummarySchema,
  properties: {
    ...clientSummarySchema.properties,
    notes: { type: ['string', 'null'] },
    fiscal_profile: fiscalProfileSchema,
    /** The client's own due day; null: the firm's (docs/PRODUCT.md, "Reminders"). */
    due_day: { type: ['integer', 'null'] },
    reminders_paused: { type: 'boolean' },
  },
} as const;

export const clientListBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pagingProperties,
    sort: { type: 'string', enum: ['name', 'created_at', 'last_upload'] },
    holding_id: { type: ['integer', 'null'], minimum: 0, maximum: 999999999 },
    archived: { type: 'boolean' },
  },
} as const;

export interface ClientListBody extends PagingInput {
  sort?: 'name' | 'created_at' | 'last_upload';
  holding_id?: number | null;
  archived?: boolean;
}

export const clientListResponse = pageOf(clientSummarySchema);
export const createClientBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'cui'],
  properties: {
    ...clientFields,
    holding_id: { type: ['integer', 'null'], minimum: 1, maximum: 999999999 },
    new_holding: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        cui: optionalText(20),
        email: optionalText(254),
      },
    },
  },
} as const;

export interface CreateClientBody {
  name: string;
  cui: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  holding_id?: number | null;
  new_holding?: { name: string; cui?: string | null; email?: string | null } | null;
}

/** clients/{id}/update on the company door: any of the client fields and its holding (null: none), at least one. */
export const updateClientBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...clientFields,
    holding_id: { type: ['integer', 'null'], minimum: 1, maximum: 999999999 },
    fiscal_profile: fiscalProfileSchema,
    due_day: { type: ['integer', 'null'], minimum: 1, maximum: 31 },
    reminders_paused: { type: 'boolean' },
  },
} as const;

/** The answer of update and restore: a message and the client as the view shows it (with notes). */
export const clientSavedResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: clientDetailSchema },
} as const;

export const clientDataResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: clientSummarySchema },
} as const;

export const clientViewBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    period: nullablePeriodSchema,
    category_id: { type: ['integer', 'null'], minimum: 1, maximum: 999999999 },
  },
} as const;

export interface ClientViewBody {
  period?: string | null;
  category_id?: number | null;
}

export const clientViewResponse = {
  type: 'object',
  required: ['data', 'categories', 'categories_inherited', 'periods', 'documents', 'upload_limits'],
  properties: {
    data: clientDetailSchema,
    categories: { type: 'array', items: categorySchema },
    categories_inherited: { type: 'boolean' },
    periods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['period', 'count'],
        properties: { period: { type: 'string' }, count: { type: 'integer' } },
      },
    },
    documents: { type: 'array', items: mediaSchema },
    documents_truncated: { type: 'boolean' },
    upload_limits: uploadLimitsSchema,
  },
} as const;

export const notifyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    subject: optionalText(200),
    message: { type: 'string', minLength: 1, maxLength: 5000 },
  },
} as const;

export interface NotifyBody {
  subject?: string | null;
  message: string;
}
