import { paymentSchema, planSchema } from '../billing/schemas.js';

const digits = (max: number) => ({ type: 'string', pattern: `^[0-9]{1,${max}}$` }) as const;
const day = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' } as const;
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

export interface ListQuerystring {
  page?: string;
  per_page?: string;
  search?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
  status?: 'active' | 'suspended';
}

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

export interface PaymentQuerystring {
  page?: string;
  per_page?: string;
  status?: 'pending' | 'paid' | 'failed';
  from?: string;
  to?: string;
  company_id?: string;
  holding_id?: string;
}

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
