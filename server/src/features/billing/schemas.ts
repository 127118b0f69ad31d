import { idParam, pageMetaSchema } from '../../lib/http-schemas.js';

/** JSON schemas of the billing calls; each response schema is the whitelist of what leaves the server. */

const id = idParam;
const nullableInt = { type: ['integer', 'null'] } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const planSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'audience',
    'price_ron',
    'max_clients',
    'max_users',
    'max_storage_bytes',
    'is_trial',
    'active',
    'position',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    audience: { type: 'string', enum: ['company', 'holding'] },
    price_ron: { type: 'number', description: 'Prețul lunar, în lei.' },
    max_clients: { ...nullableInt, description: 'null = nelimitat' },
    max_users: { ...nullableInt, description: 'null = nelimitat' },
    max_storage_bytes: { ...nullableInt, description: 'null = nelimitat' },
    is_trial: { type: 'boolean' },
    active: { type: 'boolean' },
    position: { type: 'integer' },
  },
} as const;

export const paymentSchema = {
  type: 'object',
  required: ['id', 'status', 'amount'],
  properties: {
    id: { type: 'integer' },
    company_id: nullableInt,
    holding_id: nullableInt,
    user_id: { type: 'integer' },
    subscription_id: { type: 'integer', description: 'Planul plătit (în căile API: subscription).' },
    plan_id: { type: 'integer' },
    plan_name: { type: 'string' },
    amount: { type: 'number', description: 'Suma, în lei.' },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'paid', 'failed'] },
    provider: { type: 'string' },
    provider_ref: { type: ['string', 'null'] },
    period_end: nullableDateTime,
    decided_at: nullableDateTime,
    created_at: dateTime,
  },
} as const;

export const usageSchema = {
  type: 'object',
  required: ['clients', 'users', 'storage_bytes'],
  properties: { clients: { type: 'integer' }, users: { type: 'integer' }, storage_bytes: { type: 'integer' } },
} as const;

export const subscriptionSchema = {
  type: 'object',
  required: ['id', 'status', 'current_period_end', 'read_only', 'plan'],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['trial', 'active', 'expired'] },
    current_period_end: dateTime,
    read_only: { type: 'boolean' },
    plan: planSchema,
  },
} as const;

export const subscriptionViewSchema = {
  type: 'object',
  required: ['subscription', 'usage', 'plans', 'payments'],
  properties: {
    subscription: { ...subscriptionSchema, type: ['object', 'null'] },
    usage: usageSchema,
    plans: { type: 'array', items: planSchema },
    payments: { type: 'array', items: paymentSchema },
  },
} as const;

/** The payment calls may carry company_id / holding_id / user_id / subscription_id in the body too; they're ignored. */
export const initPaymentBody = { type: ['object', 'null'], additionalProperties: true } as const;

export const storePaymentBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: true,
  properties: {
    status: { type: 'string', enum: ['paid', 'failed'] },
    provider_ref: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

const limit = { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000 } as const;

const planFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  price_ron: { type: 'number', minimum: 0, maximum: 1_000_000 },
  max_clients: limit,
  max_users: limit,
  max_storage_bytes: { type: ['integer', 'null'], minimum: 0, maximum: 1e15 },
  is_trial: { type: 'boolean' },
  active: { type: 'boolean' },
  position: { type: 'integer', minimum: 0, maximum: 10_000 },
} as const;

export const createPlanBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'audience', 'price_ron', 'max_clients', 'max_users', 'max_storage_bytes'],
  properties: { ...planFields, audience: { type: 'string', enum: ['company', 'holding'] } },
} as const;

export const updatePlanBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: planFields,
} as const;

export const idParams = { type: 'object', required: ['id'], properties: { id } } as const;

// The platform admin's list and export of every tenant's payments

const digits = (max: number) => ({ type: 'string', pattern: `^[0-9]{1,${max}}$` }) as const;
const day = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const meta = pageMetaSchema;

export const paymentQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: digits(6),
    per_page: digits(3),
    status: { type: 'string', enum: ['pending', 'paid', 'failed'] },
    from: day,
    to: day,
    company_id: digits(9),
    holding_id: digits(9),
  },
} as const;

const amountByStatus = {
  type: 'object',
  properties: { count: { type: 'integer' }, amount: { type: 'number' } },
} as const;

export const paymentListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...paymentSchema.properties,
          company_name: nullableString,
          holding_name: nullableString,
          user_name: nullableString,
          user_email: nullableString,
        },
      },
    },
    meta,
    totals: { type: 'object', properties: { pending: amountByStatus, paid: amountByStatus, failed: amountByStatus } },
  },
} as const;
