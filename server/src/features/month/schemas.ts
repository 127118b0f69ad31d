import type { FromSchema } from 'json-schema-to-ts';
import { idParam, pageMetaSchema, periodSchema } from '../../lib/http-schemas.js';

/** The month's request and answer schemas (docs/api/month.md). */

const frequency = { type: 'string', enum: ['monthly', 'quarterly', 'yearly'] } as const;
const applies = { type: 'string', enum: ['always', 'bank_account', 'employees', 'cash_register'] } as const;
export const period = periodSchema;
const named = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

const requirementFields = {
  name: { type: 'string', maxLength: 1000 },
  frequency,
  category_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
  details: { type: ['string', 'null'], maxLength: 5000 },
} as const;

export const defaultBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'frequency'],
  properties: { ...requirementFields, applies },
} as const;
export const defaultUpdateBody = { ...defaultBody, required: [] } as const;
export type DefaultBody = FromSchema<typeof defaultBody>;

export const requirementBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'frequency'],
  properties: requirementFields,
} as const;
export const requirementUpdateBody = { ...requirementBody, required: [] } as const;
export type RequirementBody = FromSchema<typeof requirementBody>;

export const profileBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    bank_accounts: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 64 } },
    has_employees: { type: 'boolean' },
    has_cash_register: { type: 'boolean' },
    due_day: { type: ['integer', 'null'], minimum: 1, maximum: 31 },
  },
} as const;
export type ProfileBody = FromSchema<typeof profileBody>;

export const settingsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['due_day'],
  properties: { due_day: { type: 'integer', minimum: 1, maximum: 31 } },
} as const;

export const periodBody = {
  type: 'object',
  additionalProperties: false,
  required: ['period'],
  properties: { period },
} as const;

/**
 * „Nu se aplică”: the note, and what becomes of the item's documents awaiting review (required while
 * there are any): `reject` with `reason`, or `keep` them as extras of the month, outside the checklist.
 */
export const notApplicableBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: {
    note: { type: 'string', minLength: 1, maxLength: 500 },
    pending_documents: { type: 'string', enum: ['reject', 'keep'] },
    reason: { type: ['string', 'null'], maxLength: 500 },
  },
} as const;
export type NotApplicableBody = FromSchema<typeof notApplicableBody>;

const reviewFields = {
  status: { type: 'string', enum: ['accepted', 'rejected'] },
  reason: { type: ['string', 'null'], maxLength: 500 },
} as const;
export const reviewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: reviewFields,
} as const;
export const reviewManyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids', 'status'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    ...reviewFields,
  },
} as const;
export type ReviewBody = FromSchema<typeof reviewBody>;

const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
} as const;
export const queueBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...paging, client_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
export const portfolioBody = {
  type: 'object',
  additionalProperties: false,
  required: ['period'],
  properties: {
    period,
    search: { type: ['string', 'null'], maxLength: 200 },
    status: { type: 'string', enum: ['complete', 'incomplete', 'missing', 'uploaded', 'rejected'] },
    ...paging,
  },
} as const;
export type PortfolioBody = FromSchema<typeof portfolioBody>;
export const monthsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['period'],
  properties: {
    period,
    months: { type: 'integer', minimum: 1, maximum: 12 },
    search: { type: ['string', 'null'], maxLength: 200 },
    ...paging,
  },
} as const;
export type MonthsBody = FromSchema<typeof monthsBody>;

export const clientParams = {
  type: 'object',
  required: ['clientId'],
  properties: { clientId: idParam },
} as const;
export const clientIdParams = {
  type: 'object',
  required: ['clientId', 'id'],
  properties: { clientId: idParam, id: idParam },
} as const;
export const itemParams = {
  type: 'object',
  required: ['clientId', 'itemId'],
  properties: { clientId: idParam, itemId: idParam },
} as const;
export const mediaParams = {
  type: 'object',
  required: ['clientId', 'mediaId'],
  properties: { clientId: idParam, mediaId: idParam },
} as const;
export const periodParams = {
  type: 'object',
  required: ['clientId', 'period'],
  properties: { clientId: idParam, period },
} as const;

// Answers.

const counts = {
  type: 'object',
  required: ['missing', 'uploaded', 'accepted', 'rejected', 'not_applicable'],
  properties: {
    missing: { type: 'integer' },
    uploaded: { type: 'integer' },
    accepted: { type: 'integer' },
    rejected: { type: 'integer' },
    not_applicable: { type: 'integer' },
  },
} as const;
const status = { type: 'string', enum: ['missing', 'uploaded', 'accepted', 'rejected', 'not_applicable'] } as const;

export const defaultSchema = {
  type: 'object',
  required: ['id', 'name', 'category', 'frequency', 'details', 'applies', 'position'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    category: named,
    frequency,
    details: { type: ['string', 'null'] },
    applies,
    position: { type: 'integer' },
  },
} as const;
export const requirementSchema = {
  type: 'object',
  required: ['id', 'name', 'category', 'frequency', 'details', 'source', 'position', 'starts_period'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    category: named,
    frequency,
    details: { type: ['string', 'null'] },
    source: { type: 'string' },
    position: { type: 'integer' },
    starts_period: { type: 'string' },
  },
} as const;
export const profileSchema = {
  type: 'object',
  required: ['bank_accounts', 'has_employees', 'has_cash_register', 'due_day'],
  properties: {
    bank_accounts: { type: 'array', items: { type: 'string' } },
    has_employees: { type: 'boolean' },
    has_cash_register: { type: 'boolean' },
    due_day: { type: ['integer', 'null'] },
  },
} as const;

export const documentSchema = {
  type: 'object',
  required: ['id', 'name', 'mime', 'size', 'created_at', 'uploaded_by_name', 'review_status'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    created_at: { type: 'string' },
    uploaded_by_name: { type: ['string', 'null'] },
    review_status: { type: 'string' },
    review_reason: { type: ['string', 'null'] },
    reviewed_at: { type: ['string', 'null'] },
    reviewed_by_name: { type: ['string', 'null'] },
  },
} as const;
export const itemSchema = {
  type: 'object',
  required: [
    'id',
    'requirement_id',
    'name',
    'details',
    'category',
    'frequency',
    'status',
    'note',
    'reason',
    'documents',
  ],
  properties: {
    id: { type: 'integer' },
    requirement_id: { type: 'integer' },
    name: { type: 'string' },
    details: { type: ['string', 'null'] },
    category: named,
    frequency,
    status,
    note: { type: ['string', 'null'] },
    reason: { type: ['string', 'null'] },
    documents: { type: 'array', items: documentSchema },
  },
} as const;
const metaProperties = {
  period: { type: 'string' },
  due_date: { type: 'string' },
  days_left: { type: 'integer' },
  complete: { type: 'boolean' },
  closed: { type: 'boolean' },
  closed_at: { type: ['string', 'null'] },
  done_at: { type: ['string', 'null'] },
  done_by_name: { type: ['string', 'null'] },
  counts,
  total: { type: 'integer' },
} as const;
export const metaSchema = {
  type: 'object',
  required: ['period', 'due_date', 'days_left', 'complete', 'closed', 'counts', 'total'],
  properties: metaProperties,
} as const;
export const openMonthSchema = {
  type: 'object',
  required: [...metaSchema.required, 'items'],
  properties: { ...metaProperties, items: { type: 'array', items: itemSchema } },
} as const;

export { counts as countsSchema, named as namedSchema, status as statusSchema, pageMetaSchema };
