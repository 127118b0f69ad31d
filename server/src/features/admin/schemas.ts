import type { FromSchema } from 'json-schema-to-ts';
import { paymentSchema, planSchema } from '../billing/index.js';

const digits = (max: number) => ({ type: 'string', pattern: `^[0-9]{1,${max}}$` }) as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'] } as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: digits(9) } } as const;

const listProperties = {
  page: digits(6),
  per_page: digits(3),
  search: { type: 'string', maxLength: 200 },
  direction: { type: 'string', enum: ['asc', 'desc'] },
} as const;

export const companyListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...listProperties,
    sort: { type: 'string', enum: ['name', 'created_at', 'status', 'clients_count'] },
    status: { type: 'string', enum: ['active', 'suspended'] },
  },
} as const;

export const holdingListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...listProperties, sort: { type: 'string', enum: ['name', 'created_at', 'clients_count'] } },
} as const;

const meta = {
  type: 'object',
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
} as const;

const subscriptionSummary = {
  type: ['object', 'null'],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string' },
    current_period_end: nullableDate,
    plan: planSchema,
  },
} as const;

const tenantListItem = {
  id: { type: 'integer' },
  name: { type: 'string' },
  cui: nullableString,
  email: nullableString,
  created_at: { type: 'string' },
  users_count: { type: 'integer' },
  clients_count: { type: 'integer' },
  plan_name: nullableString,
  subscription_status: nullableString,
  current_period_end: nullableDate,
} as const;

export const companyListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...tenantListItem, phone: nullableString, status: { type: 'string' } },
      },
    },
    meta,
  },
} as const;

export const holdingListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: { type: 'object', properties: { ...tenantListItem, companies_count: { type: 'integer' } } },
    },
    meta,
  },
} as const;

const personSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    last_seen_at: nullableDate,
    created_at: { type: 'string' },
  },
} as const;

const billingPart = {
  clients_count: { type: 'integer' },
  storage_bytes: { type: 'integer' },
  subscription: subscriptionSummary,
  payments: { type: 'array', items: paymentSchema },
} as const;

export const companyDetailSchema = {
  type: 'object',
  properties: {
    company: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        cui: nullableString,
        reg_no: nullableString,
        email: nullableString,
        phone: nullableString,
        address: nullableString,
        status: { type: 'string' },
        created_at: { type: 'string' },
      },
    },
    users: { type: 'array', items: personSchema },
    holdings: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, cui: nullableString } },
    },
    ...billingPart,
  },
} as const;

export const holdingDetailSchema = {
  type: 'object',
  properties: {
    holding: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        cui: nullableString,
        email: nullableString,
        created_at: { type: 'string' },
      },
    },
    companies: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          cui: nullableString,
          status: { type: 'string' },
        },
      },
    },
    users: { type: 'array', items: personSchema },
    ...billingPart,
  },
} as const;

const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export const createCompanyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'cui', 'owner_name', 'owner_email'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    cui: { type: 'string', minLength: 1, maxLength: 20 },
    reg_no: optionalText(50),
    email: {
      anyOf: [{ type: 'string', format: 'email', maxLength: 254 }, { type: 'string', maxLength: 0 }, { type: 'null' }],
    },
    phone: optionalText(30),
    address: optionalText(500),
    owner_name: { type: 'string', minLength: 1, maxLength: 200 },
    owner_email: { type: 'string', format: 'email', maxLength: 254 },
  },
} as const;

export type CompanyListQuery = FromSchema<typeof companyListQuery>;
export type HoldingListQuery = FromSchema<typeof holdingListQuery>;
export type CreateCompanyBody = FromSchema<typeof createCompanyBody>;

// CUI claims (a company born with a CUI another live company has)

export const claimListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: digits(6),
    per_page: digits(3),
    status: { type: 'string', enum: ['pending', 'granted', 'refused'] },
  },
} as const;

const claimCompany = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cui: nullableString,
    deleted: { type: 'boolean' },
    owner_name: nullableString,
    owner_email: nullableString,
    owner_verified: { type: 'boolean' },
  },
} as const;

export const claimSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    cui: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'granted', 'refused'] },
    created_at: { type: 'string' },
    decided_at: nullableDate,
    decided_by_name: nullableString,
    claimant: claimCompany,
    holder: { ...claimCompany, type: ['object', 'null'] },
  },
} as const;

export const claimListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: claimSchema }, meta },
} as const;

export const claimDecisionSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, claim: claimSchema },
} as const;

export type ClaimListQuery = FromSchema<typeof claimListQuery>;
